import { z } from 'zod';

// GST tax invoice: GET /api/orders/:id/invoice (and .pdf). Money in rupees.

export const INVOICE_MESSAGES = {
  notIssued: 'The invoice is issued once the order is paid',
  creditNoteNotFound: 'Credit note not found',
} as const;

export const InvoiceLine = z.object({
  description: z.string(),
  hsn: z.string(),
  quantity: z.number().int(),
  /** GST rate in percent (18 for 18%). */
  rate: z.number(),
  taxableValue: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** What was paid for the line, tax included. */
  total: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const Invoice = z.object({
  number: z.string(),
  issuedAt: z.string(),
  orderNumber: z.string(),
  seller: z.object({
    legalName: z.string(),
    address: z.string(),
    gstin: z.string(),
    state: z.string(),
    stateCode: z.string().nullable(),
  }),
  /** GSTIN and legalName are there for a business buyer (B2B), absent or null for a consumer. */
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    gstin: z.string().nullish(),
    legalName: z.string().nullish(),
  }),
  /**
   * A credit note (a refund) names the invoice it reduces; its lines and totals are what went
   * back. Absent on an invoice.
   */
  creditNote: z.object({ invoiceNumber: z.string(), invoiceDate: z.string(), reason: z.string() }).nullish(),
  deliveryAddress: z.array(z.string()),
  placeOfSupply: z.object({ state: z.string(), stateCode: z.string().nullable() }),
  /** CGST + SGST (true) or IGST (false). */
  intraState: z.boolean(),
  couponCode: z.string().nullable(),
  /**
   * Decisions 0042 and 0050: a cash on delivery order's rupees, payable to the courier at the door
   * (invoiced at dispatch); invoices issued at delivery before that rule say `collected`. Absent
   * for an order paid online.
   */
  cashOnDelivery: z.object({ payable: z.number().optional(), collected: z.number().optional() }).nullish(),
  lines: z.array(InvoiceLine),
  totals: z.object({
    taxableValue: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
    total: z.number(),
  }),
});
export type Invoice = z.infer<typeof Invoice>;

/** The back office's list of an order's credit notes (GET /api/admin/orders/:id/credit-notes). */
export const CreditNoteSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  issuedAt: z.string(),
  /** What went back, in rupees, tax included. */
  total: z.number(),
});
export type CreditNoteSummary = z.infer<typeof CreditNoteSummary>;
export const CreditNoteList = z.object({ data: z.array(CreditNoteSummary) });
export type CreditNoteList = z.infer<typeof CreditNoteList>;
