import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { addressEdits } from '../order-edits/tables';
import { giftLinkBatches, orders } from '../orders/tables';

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: ['captured', 'failed', 'refunded'] }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    // As the provider reported it; a payment counts only in the order's currency.
    currency: text('currency').notNull().default('INR'),
    // What has gone back to the customer (returns, cancellation); never above amount_paise.
    refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
    // Why what is left of this payment must go back ('cancelled'), set in the transaction
    // that cancels its order and cleared by the refund; the sweep retries a refund the provider
    // did not take while it is set.
    refundDueReason: text('refund_due_reason'),
    // Decision 0085: the difference paid for an address change, not the order's own payment.
    addressEditId: integer('address_edit_id').references(() => addressEdits.id),
    // Decision 0090: this order's share of its gift batch's one provider payment; the payment's
    // other shares are its sibling orders' rows (each refunded from its own share only).
    giftBatchId: uuid('gift_batch_id').references(() => giftLinkBatches.id),
    method: text('method'),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    createdAt: createdAt(),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId),
    uniqueIndex('payments_provider_payment_idx')
      .on(table.provider, table.providerPaymentId)
      .where(sql`${table.status} <> 'failed' and ${table.giftBatchId} is null`),
    // Decision 0090: a gift batch's payment has one row an order, each recorded once.
    uniqueIndex('payments_batch_payment_idx')
      .on(table.provider, table.providerPaymentId, table.orderId)
      .where(sql`${table.status} <> 'failed' and ${table.giftBatchId} is not null`),
  ],
);

/**
 * Every movement of an order's money, written in the transaction that makes it: a
 * captured payment (or the owner marking an order paid), a refund, cash collected on delivery.
 * The dashboard's revenue is its net by order; the back office's order page lists its lines.
 */
export const moneyLedger = pgTable(
  'money_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The provider payment it moved through; null for the owner's own records (marked paid).
    paymentId: integer('payment_id').references(() => payments.id),
    kind: text('kind', { enum: ['captured', 'refunded', 'cod_collected'] }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull().default(''),
    // The provider's id of the payment or refund, to match its records.
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
  },
  (table) => [
    index('money_ledger_order_idx').on(table.orderId),
    // A payment is captured once, however often its capture is heard of.
    uniqueIndex('money_ledger_capture_idx').on(table.paymentId).where(sql`${table.kind} = 'captured'`),
    // Cash on delivery is collected once per order, however often the courier reports delivery.
    uniqueIndex('money_ledger_cod_idx').on(table.orderId).where(sql`${table.kind} = 'cod_collected'`),
    check('money_ledger_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);
