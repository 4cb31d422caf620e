import type { Config } from './config';
import { listeningOrigin } from './http/public-origin';

/**
 * Who the store is, built once from configuration: shown in mail, on invoices and in links.
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
  /** Issue 25: how customers reach the seller, and its Grievance Officer (the Contact page). */
  customerCare: { phone: string; email: string };
  grievanceOfficer: { name: string; email: string; phone: string };
};

export function storeIdentityFrom(config: Config): StoreIdentity {
  return {
    storeName: config.STORE_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    publicUrl: config.PUBLIC_URL?.replace(/\/+$/, ''),
    siteUrl: config.PUBLIC_URL?.replace(/\/+$/, '') ?? listeningOrigin(config.HOST, config.PORT),
    legalName: config.STORE_LEGAL_NAME,
    address: config.STORE_ADDRESS,
    state: config.STORE_STATE,
    gstin: config.STORE_GSTIN,
    invoicePrefix: config.INVOICE_PREFIX,
    customerCare: {
      phone: config.CUSTOMER_CARE_PHONE,
      email: config.CUSTOMER_CARE_EMAIL ?? config.SUPPORT_EMAIL,
    },
    grievanceOfficer: {
      name: config.GRIEVANCE_OFFICER_NAME,
      email: config.GRIEVANCE_OFFICER_EMAIL,
      phone: config.GRIEVANCE_OFFICER_PHONE,
    },
  };
}

/** An absolute link to a page of the store, for mail: `absoluteUrl(store, '/orders')`. */
export const absoluteUrl = (store: Pick<StoreIdentity, 'siteUrl'>, path: string) =>
  `${store.siteUrl}${path.startsWith('/') ? path : `/${path}`}`;
