import type { Invoice } from '../../shared/api/invoices';

/** The seller of the invoices tests lay out: the store's defaults (config.ts). */
export const TEST_INVOICE_SELLER: Invoice['seller'] = {
  legalName: 'Utsav Gifts Private Limited',
  address: '12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001',
  gstin: '29ABCDE1234F1ZW',
  state: 'Karnataka',
  stateCode: '29',
};
