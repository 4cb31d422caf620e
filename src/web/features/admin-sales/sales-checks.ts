import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { UpdateBulkEnquiry } from '../../../shared/api/bulk-enquiries';
import { NewQuote } from '../../../shared/api/quotes';
import { type QuoteValues, quoteSent } from './quote-values';

// The sales screens' checks, with Zod and the shared schemas the server runs on what they send:
// the bulk enquiries and quote forms load this module when first focused or checked (decision
// 0088), so the back office's pages open without Zod.

// The note is optional, but the form always holds one (empty when none is written).
export const checkEnquiryUpdate = zodResolver(UpdateBulkEnquiry.required());

/** The server's NewQuote on what the quote form would send (raw: it sends that, as typed). */
const QuoteForm = z.custom<QuoteValues>().transform(quoteSent).pipe(NewQuote);

export const checkQuote = zodResolver(QuoteForm, undefined, { raw: true });
