import { z } from 'zod';

// Issue 14 "GST tax invoice": GET /api/orders/:id/invoice (and .pdf). Money in rupees.

export const INVOICE_MESSAGES = {
  notIssued: 'The invoice is issued once the order is paid',
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
  buyer: z.object({ name: z.string(), email: z.string() }),
  deliveryAddress: z.array(z.string()),
  placeOfSupply: z.object({ state: z.string(), stateCode: z.string().nullable() }),
  /** CGST + SGST (true) or IGST (false). */
  intraState: z.boolean(),
  couponCode: z.string().nullable(),
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
