// The monthly sales register in the shape of GSTR-1's tables (the GST Network's offline tool
// names them b2b, b2cl, b2cs, hsn, cdnr, cdnur), so a chartered accountant can file from it.

/** GSTR-1 Table 5: an inter-state invoice to an unregistered buyer above ₹1,00,000 is B2CL. */
export const B2CL_LIMIT_PAISE = 1_00_000_00;

export const SALES_REGISTER_SECTIONS = [
  'b2b',
  'b2cl',
  'b2cs',
  'hsn',
  'cdnr',
  'cdnur',
  'cdn-b2cs',
  'summary',
] as const;
export type SalesRegisterSection = (typeof SALES_REGISTER_SECTIONS)[number];

/** 'YYYY-MM', a month the register is asked for. */
export const SALES_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const SALES_MONTH_MESSAGE = 'Choose a month like 2032-03';
