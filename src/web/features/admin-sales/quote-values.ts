import type { NewQuoteInput } from '../../../shared/api/quotes';

// The quote form's values and what they send, without Zod: quote-form.tsx sends quoteSent(values),
// and sales-checks.ts runs the server's NewQuote on the same (docs/architecture.md, "Adding a form
// field").

export type QuoteValues = {
  /** The enquiry answered, whose e-mail, phone and address fill what is left blank. */
  bulkEnquiryId: number | null;
  customerEmail: string;
  customerPhone: string;
  buyerGstin: string;
  buyerLegalName: string;
  lines: { productId: string; quantity: string; unitPrice: string }[];
  shippingAddress: { fullName: string; address: string; city: string; postalCode: string; phone: string };
  validDays: string;
};

/** Blank fields are left out: the server then takes them from the enquiry, when there is one. */
export const quoteSent = (form: QuoteValues): NewQuoteInput => ({
  ...(form.customerEmail.trim() ? { customerEmail: form.customerEmail.trim() } : {}),
  ...(form.customerPhone.trim() ? { customerPhone: form.customerPhone } : {}),
  ...(form.buyerGstin.trim() ? { buyerGstin: form.buyerGstin } : {}),
  ...(form.buyerLegalName.trim() ? { buyerLegalName: form.buyerLegalName } : {}),
  ...(form.bulkEnquiryId ? { bulkEnquiryId: form.bulkEnquiryId } : {}),
  lines: form.lines.map((line) => ({
    productId: Number(line.productId),
    quantity: Number(line.quantity),
    ...(line.unitPrice.trim() ? { unitPrice: Number(line.unitPrice) } : {}),
  })),
  ...(Object.values(form.shippingAddress).some((value) => value.trim() !== '') || !form.bulkEnquiryId
    ? { shippingAddress: form.shippingAddress }
    : {}),
  validDays: Number(form.validDays),
});
