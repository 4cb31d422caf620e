import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotifyConsent } from '../../../shared/notifications';
import { FEE_KINDS } from '../../../shared/order-charges';
import type { PersonalisationRecord } from '../../../shared/personalisation-rules';
import type { QuantityTier } from '../../../shared/quantity-pricing';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../auth/tables';
import { products } from '../catalog/tables';
import { deliverySlots } from '../delivery-slots/tables';

export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 10001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    // Null only for a quote sent to someone without an account yet: it becomes theirs when they
    // sign in with the enquiry's e-mail and pay it (quotes module, mayPayQuote).
    userId: integer('user_id').references(() => users.id),
    status: text('status').notNull().default('pending'),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    // Decision 0072: the total of the order's lines less the discount plus its fees (order_charges).
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    // Null only while a gift sent by link waits for its recipient's address (decision 0081).
    shippingAddress: jsonb('shipping_address'),
    deliveryPincode: text('delivery_pincode'),
    deliveryEstimate: jsonb('delivery_estimate'),
    idempotencyKey: text('idempotency_key'),
    // The coupon's discount on the items (shipping is never discounted), in paise.
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    couponCode: text('coupon_code'),
    // Gift options chosen at checkout; the message is printed on the packing slip and
    // hidePrices keeps amounts off it.
    giftMessage: text('gift_message'),
    hidePrices: boolean('hide_prices').notNull().default(false),
    // Who gets "A gift is on its way" when the order ships (none when null).
    giftRecipientEmail: text('gift_recipient_email'),
    // The delivery date ('YYYY-MM-DD', India) and slot chosen at checkout (none when
    // null); the slot's fee is one of the order's charges (decision 0072).
    deliveryDate: text('delivery_date'),
    deliverySlot: text('delivery_slot'),
    // Decision 0073: a timed slot's name and window (minutes after midnight, India) as chosen, kept
    // when the owner edits or deletes the slot; null for standard and midnight.
    deliverySlotId: integer('delivery_slot_id').references(() => deliverySlots.id, { onDelete: 'set null' }),
    deliverySlotName: text('delivery_slot_name'),
    deliveryWindowStart: integer('delivery_window_start'),
    deliveryWindowEnd: integer('delivery_window_end'),
    // The order news the shopper agreed to at checkout (channels, their mobile, whether
    // the gift's recipient hears too); null for orders from before it, which get no messages.
    notify: jsonb('notify').$type<NotifyConsent>(),
    provider: text('provider').notNull(),
    // Cash on delivery (decision 0042): 'cod' orders are confirmed without a provider order and
    // become paid when the courier delivers them; their fee is one of the order's charges.
    paymentMethod: text('payment_method', { enum: ['online', 'cod'] })
      .notNull()
      .default('online'),
    providerOrderId: text('provider_order_id').unique(),
    // Decision 0090: a recipient's order of many sent in one checkout, paid by its batch's one
    // provider order (this order has none of its own).
    giftBatchId: uuid('gift_batch_id').references((): AnyPgColumn => giftLinkBatches.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_gift_batch_idx').on(table.giftBatchId),
    index('orders_status_expires_idx').on(table.status, table.expiresAt),
    uniqueIndex('orders_user_idempotency_idx').on(table.userId, table.idempotencyKey),
    // The order list's search by the delivery address's name and phone digits, and the
    // dashboard's best sellers by payment time.
    index('orders_ship_name_trgm_idx').using(
      'gin',
      sql`(${table.shippingAddress}->>'fullName') gin_trgm_ops`,
    ),
    index('orders_phone_digits_trgm_idx').using(
      'gin',
      sql`(regexp_replace(${table.shippingAddress}->>'phone', '\\D', '', 'g')) gin_trgm_ops`,
    ),
    index('orders_paid_idx').on(table.paidAt),
    // Decision 0077: the dispatch desk's queue and sort by delivery day and slot.
    index('orders_delivery_idx').on(table.deliveryDate, table.deliverySlot),
  ],
);

/**
 * Decision 0090: gift links to many recipients from one checkout, paid once. Each recipient's
 * order is an order of its own (orders.gift_batch_id) with its own charges, shipment and invoice;
 * the batch holds the one provider order, whose amount is the sum of theirs to the paisa, and the
 * buyer's GSTIN that every one of their invoices carries (CGST Rule 46(d)).
 */
export const giftLinkBatches = pgTable(
  'gift_link_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').unique(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    buyerGstin: text('buyer_gstin'),
    buyerLegalName: text('buyer_legal_name'),
    idempotencyKey: text('idempotency_key'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('gift_link_batches_user_idempotency_idx').on(table.userId, table.idempotencyKey)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    isPreOrder: boolean('is_pre_order').notNull().default(false),
    // What the line was discounted, so invoices and refunds know what it cost: its quantity tier's
    // saving and its share of the order's coupon discount (decision 0080).
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    // Decision 0080: the quantity tier the line reached and the part of discountPaise it gave, so
    // every summary names it; null and 0 for a line below its product's first tier (and a quote's
    // line, whose price is already the tier's).
    quantityTier: jsonb('quantity_tier').$type<QuantityTier>(),
    tierDiscountPaise: bigint('tier_discount_paise', { mode: 'number' }).notNull().default(0),
    // Units taken from stock for this line while the order is unpaid or paid; 0 for pre-orders.
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    // Units given back through approved returns.
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    // What the shopper entered (PersonalisationRecord), as checked when the order was
    // made; null for a line that is not personalised.
    personalisation: jsonb('personalisation').$type<PersonalisationRecord>(),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    index('order_items_product_idx').on(table.productId),
  ],
);

/**
 * Decision 0072: an order's fees, one row each (shipping, a delivery slot, cash on delivery), as
 * `shared/order-charges.ts` priced them: what it cost tax included, its label, SAC and GST rate.
 * The order's total is its lines less the discount plus these rows.
 */
export const orderCharges = pgTable(
  'order_charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FEE_KINDS }).notNull(),
    label: text('label').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    gstRateBp: integer('gst_rate_bp').notNull(),
  },
  (table) => [
    uniqueIndex('order_charges_order_kind_idx').on(table.orderId, table.kind),
    check('order_charges_amount_not_negative', sql`${table.amountPaise} >= 0`),
  ],
);

/** Every status change, shown to the customer as a timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    // Decision 0065: the owner's note kept from the customer (their timeline and messages).
    internalNote: text('internal_note').notNull().default(''),
    actor: text('actor').notNull().default('system'),
    createdAt: createdAt(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.createdAt)],
);
