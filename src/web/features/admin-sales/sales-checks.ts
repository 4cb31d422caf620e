import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { UpdateBulkEnquiry } from '../../../shared/api/bulk-enquiries';
import { NewQuote, type NewQuoteInput } from '../../../shared/api/quotes';

// The sales screens' checks, with Zod and the shared schemas the server runs on what they send:
// the bulk enquiries and quote forms load this module when first focused or checked (decision
// 0088), so the back office's pages open without Zod.

// The note is optional, but the form always holds one (empty when none is written).
export const checkEnquiryUpdate = zodResolver(UpdateBulkEnquiry.required());

/** The quote form's text, as NewQuote takes it: blank fields are left out (decision 0080). */
const QuoteForm = z
  .object({
    /** The enquiry answered, whose e-mail, phone and address fill what is left blank. */
    bulkEnquiryId: z.number().nullable(),
    customerEmail: z.string(),
    customerPhone: z.string(),
    buyerGstin: z.string(),
    buyerLegalName: z.string(),
    lines: z.array(z.object({ productId: z.string(), quantity: z.string(), unitPrice: z.string() })),
    shippingAddress: z.object({
      fullName: z.string(),
      address: z.string(),
      city: z.string(),
      postalCode: z.string(),
      phone: z.string(),
    }),
    validDays: z.string(),
  })
  .transform(
    (form): NewQuoteInput => ({
      ...(form.customerEmail.trim() ? { customerEmail: form.customerEmail } : {}),
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
    }),
  )
  .pipe(NewQuote);

export const checkQuote = zodResolver(QuoteForm);
