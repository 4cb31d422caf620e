import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../auth/tables';
import { bulkEnquiries } from '../bulk-enquiries/tables';
import { orders } from '../orders/tables';

/**
 * A bulk quote the owner sends as a payable link. The quote is an ordinary pending order
 * (stock reserved, expiring at orders.expires_at, paid through the same payment path); this row
 * marks it as a quote and keeps what the tiers did to each line's price.
 */
export const orderQuotes = pgTable('order_quotes', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  bulkEnquiryId: integer('bulk_enquiry_id').references(() => bulkEnquiries.id),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  // [{ productId, listPricePaise, percentOff }] per line, as priced when the quote was made.
  tierLines: jsonb('tier_lines').$type<QuoteTierLine[]>().notNull(),
  // Who the quote is for, account or not; the order's userId stays null until someone
  // signed in with this e-mail (or, later, this verified phone) pays it.
  customerEmail: text('customer_email'),
  customerPhone: text('customer_phone'),
  customerName: text('customer_name'),
  // The secret in the quote's link, so it opens without an account (SHA-256 of it, as sessions).
  accessKeyHash: text('access_key_hash'),
  // The business buyer from the enquiry, for its B2B tax invoice.
  buyerGstin: text('buyer_gstin'),
  buyerLegalName: text('buyer_legal_name'),
  createdAt: createdAt(),
});

/**
 * listPricePaise: the product's price; percentOff: its quantity tier's; a negotiated line also has
 * the price agreed (within QUOTE_MAX_DISCOUNT_PERCENT of the list price).
 */
export type QuoteTierLine = {
  productId: number;
  listPricePaise: number;
  percentOff: number;
  negotiatedPaise?: number | null;
};
