import { date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AddressForm } from '../../../shared/address';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../auth/tables';

// Bulk and corporate enquiries from the storefront, worked through in the back office.
export const bulkEnquiries = pgTable(
  'bulk_enquiries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    occasion: text('occasion').notNull(),
    productsOrBudget: text('products_or_budget').notNull(),
    quantity: integer('quantity').notNull(),
    neededBy: date('needed_by', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    gstin: text('gstin'),
    // The business's legal name and where the order goes, both carried onto the quote.
    legalName: text('legal_name'),
    deliveryAddress: jsonb('delivery_address').$type<AddressForm>(),
    status: text('status', { enum: ['new', 'contacted', 'quoted', 'won', 'lost'] })
      .notNull()
      .default('new'),
    note: text('note'),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('bulk_enquiries_status_created_idx').on(table.status, table.createdAt)],
);
