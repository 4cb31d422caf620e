import type { Config } from './config';

/**
 * Who the store is, built once from configuration: shown in mail, on invoices and in links.
 * `publicUrl` never ends in a slash, so `${publicUrl}/orders` is always one path.
 */
export type StoreIdentity = {
  storeName: string;
  supportEmail: string;
  publicUrl: string | undefined;
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
