import { z } from 'zod';

// Decision 0067: the courier's COD remittance report, matched by AWB to the orders whose cash it
// collected at the door.

/** The report's columns, by the names Shiprocket's COD remittance export and others give them. */
export const REMITTANCE_COLUMNS = {
  awb: ['awb', 'awb code', 'awb no', 'awb no.', 'awb number', 'tracking number'],
  amount: ['cod amount', 'remitted amount', 'remittance amount', 'amount', 'cod value'],
  reference: ['utr', 'utr no', 'utr no.', 'utr number', 'bank reference', 'reference', 'crf id'],
  date: ['remittance date', 'remitted on', 'remitted date', 'date', 'payment date'],
} as const;

export const REMITTANCE_MESSAGES = {
  empty: 'The file has no remittance lines',
  columnsMissing: (names: readonly string[]) =>
    `The file needs columns for the AWB, the amount, the UTR and the remittance date; missing: ${names.join(', ')}`,
  tooLong: (max: number) => `A remittance file can hold at most ${max} lines`,
  badLine: (line: number) =>
    `Line ${line} needs an AWB, an amount in rupees, a UTR and a date (YYYY-MM-DD or DD-MM-YYYY)`,
} as const;

export const CodRemittanceUpload = z.object({
  csv: z
    .string({ error: 'Choose the CSV file to import' })
    .min(1, 'Choose the CSV file to import')
    .max(1_000_000, 'A remittance file can be at most 1 MB'),
});

/** One COD order's cash: with the courier (collected), past the cycle (overdue), or remitted. */
export const CodCashState = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  awb: z.string().nullable(),
  amount: z.number(),
  collectedOn: z.string(),
  state: z.enum(['collected', 'overdue', 'remitted']),
  reference: z.string().nullable(),
  remittedOn: z.string().nullable(),
  /** The day the courier's cycle says it should be remitted by. */
  dueBy: z.string(),
});
export type CodCashState = z.infer<typeof CodCashState>;

export const CodRemittanceReport = z.object({
  /** Order numbers this file marked remitted. */
  remitted: z.array(z.string()),
  /** AWBs in the file that are no COD order of this store. */
  unknownAwbs: z.array(z.string()),
  /** COD orders whose cash is still with the courier, overdue first. */
  stillWithCourier: z.array(CodCashState),
});
export type CodRemittanceReport = z.infer<typeof CodRemittanceReport>;

export const CodCashList = z.object({ data: z.array(CodCashState) });
export type CodCashList = z.infer<typeof CodCashList>;
