import type { OwnerSettings } from '../shared/owner-settings';
import type { Config } from './config';
import { listeningOrigin } from './http/public-origin';

/**
 * Who the store is, from configuration and the owner's saved settings: shown in mail,
 * on invoices and in links.
 * `publicUrl` never ends in a slash, so `${publicUrl}/orders` is always one path.
 */
export type StoreIdentity = {
  storeName: string;
  supportEmail: string;
  publicUrl: string | undefined;
  /**
   * Where links in mail point: PUBLIC_URL, else the address the store listens at (start-up warns
   * to set PUBLIC_URL). Never a bare path: a mail client cannot open one.
   */
  siteUrl: string;
  legalName: string;
  address: string;
  state: string;
  gstin: string;
  invoicePrefix: string;
  /** How customers reach the seller, and its Grievance Officer (the Contact page). */
  customerCare: { phone: string; email: string };
  grievanceOfficer: { name: string; designation: string; email: string; phone: string };
};

/** The identity from configuration, with the owner's saved settings over it when given. */
export function storeIdentityFrom(config: Config, owner?: OwnerSettings): StoreIdentity {
  return {
    storeName: owner?.storeName ?? config.STORE_NAME,
    supportEmail: owner?.supportEmail ?? config.SUPPORT_EMAIL,
    publicUrl: config.PUBLIC_URL?.replace(/\/+$/, ''),
    siteUrl: config.PUBLIC_URL?.replace(/\/+$/, '') ?? listeningOrigin(config.HOST, config.PORT),
    legalName: owner?.legalName ?? config.STORE_LEGAL_NAME,
    address: owner?.address ?? config.STORE_ADDRESS,
    state: config.STORE_STATE,
    gstin: owner?.gstin ?? config.STORE_GSTIN,
    invoicePrefix: config.INVOICE_PREFIX,
    customerCare: {
      phone: owner?.customerCarePhone ?? config.CUSTOMER_CARE_PHONE,
      email: owner?.customerCareEmail ?? config.CUSTOMER_CARE_EMAIL ?? config.SUPPORT_EMAIL,
    },
    grievanceOfficer: {
      name: owner?.grievanceOfficerName ?? config.GRIEVANCE_OFFICER_NAME,
      designation: owner?.grievanceOfficerDesignation ?? config.GRIEVANCE_OFFICER_DESIGNATION,
      email: owner?.grievanceOfficerEmail ?? config.GRIEVANCE_OFFICER_EMAIL,
      phone: owner?.grievanceOfficerPhone ?? config.GRIEVANCE_OFFICER_PHONE,
    },
  };
}

/**
 * An identity whose every field reads the owner's settings as this instance last read them, for
 * the services that compose mail synchronously (the settings are read again on every page, quote
 * and order, so this follows a save within the next such read).
 */
export function liveStoreIdentity(config: Config, current: () => OwnerSettings): StoreIdentity {
  const now = () => storeIdentityFrom(config, current());
  return {
    get storeName() {
      return now().storeName;
    },
    get supportEmail() {
      return now().supportEmail;
    },
    publicUrl: storeIdentityFrom(config).publicUrl,
    siteUrl: storeIdentityFrom(config).siteUrl,
    get legalName() {
      return now().legalName;
    },
    get address() {
      return now().address;
    },
    state: config.STORE_STATE,
    get gstin() {
      return now().gstin;
    },
    invoicePrefix: config.INVOICE_PREFIX,
    get customerCare() {
      return now().customerCare;
    },
    get grievanceOfficer() {
      return now().grievanceOfficer;
    },
  };
}

/** An absolute link to a page of the store, for mail: `absoluteUrl(store, '/orders')`. */
export const absoluteUrl = (store: Pick<StoreIdentity, 'siteUrl'>, path: string) =>
  `${store.siteUrl}${path.startsWith('/') ? path : `/${path}`}`;
