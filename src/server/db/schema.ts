import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PersonalisationConfig, PersonalisationRecord } from '../../shared/personalisation-rules';
import type { QuantityTier } from '../../shared/quantity-pricing';

// Money is integer paise in every table (DESIGN 4: rupees only at the API and UI edges).

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull().unique(),
    username: text('username').notNull().unique(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    createdAt: createdAt(),
  },
  // Issue 26: the back office finds customers by any part of their name or e-mail.
  (table) => [
    index('users_full_name_trgm_idx').using('gin', sql`${table.fullName} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Only a SHA-256 of the bearer token is stored, so a leaked table cannot log anyone in.
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Fixed-window counters shared by every instance (login and registration limits), in the shape
 * rate-limiter-flexible's RateLimiterDrizzle expects.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

export const categories = pgTable('categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  // GST (issue 14): the HSN code and rate (basis points, 1800 = 18%) of the category's products.
  hsnCode: text('hsn_code').notNull().default('9505'),
  gstRateBp: integer('gst_rate_bp').notNull().default(1800),
  createdAt: createdAt(),
});

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    // A unit price, at most ₹1,00,00,000 (shared/api/admin.ts), so 32 bits hold it; every amount
    // an order sums from prices is 64-bit.
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    stock: integer('stock').notNull().default(0),
    allowPreOrder: boolean('allow_pre_order').notNull().default(false),
    minQuantity: integer('min_quantity').notNull().default(1),
    featured: boolean('featured').notNull().default(false),
    rating: real('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    // Issue 13: text fields and photo rule a shopper fills in (PersonalisationConfig); null when the
    // product is not personalisable.
    personalisation: jsonb('personalisation').$type<PersonalisationConfig>(),
    // Issue 13: quantity pricing tiers ([{ minQuantity, percentOff }], ascending) for bulk quotes;
    // retail carts never use them.
    quantityTiers: jsonb('quantity_tiers').$type<QuantityTier[]>().notNull().default([]),
    // Lower-cased name, tags, category and description, written by the catalogue service on every
    // change; trigram and full-text search read it (array_to_string is not immutable, so a
    // generated column cannot build it from tags).
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('products_category_price_idx').on(table.categoryId, table.pricePaise, table.id),
    index('products_category_created_idx').on(table.categoryId, table.createdAt, table.id),
    index('products_price_idx').on(table.pricePaise, table.id),
    index('products_created_idx').on(table.createdAt, table.id),
    index('products_rating_idx').on(table.rating, table.id),
    index('products_featured_idx').on(table.featured, table.id),
    index('products_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('products_search_vector_idx').using('gin', table.searchVector),
  ],
);

/**
 * The catalogue's vocabulary (every distinct word of products.search_text with the number of
 * products using it), kept by the catalogue service. Search corrects each query word against it
 * with a trigram index before it touches products, so a typo costs one small lookup.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    docCount: integer('doc_count').notNull().default(0),
  },
  (table) => [index('search_terms_trgm_idx').using('gin', sql`${table.term} gin_trgm_ops`)],
);

export const collections = pgTable('collections', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  featured: boolean('featured').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.productId] }),
    index('collection_products_product_idx').on(table.productId),
  ],
);

/** India Post's pincode directory (one row a pincode), loaded by the seed from npm packages. */
export const pincodes = pgTable('pincodes', {
  pincode: text('pincode').primaryKey(),
  office: text('office').notNull(),
  district: text('district').notNull(),
  state: text('state').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
});

export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('India'),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    addressType: text('address_type').notNull().default('home'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('addresses_user_idx').on(table.userId),
    // Issue 26: customers found by any run of their phone's digits, however it was typed.
    index('addresses_phone_digits_trgm_idx').using(
      'gin',
      sql`(regexp_replace(${table.phone}, '\\D', '', 'g')) gin_trgm_ops`,
    ),
    // At most one default per user, enforced by the database so concurrent requests cannot break it.
    uniqueIndex('addresses_one_default_idx').on(table.userId).where(sql`${table.isDefault}`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('wishlist_user_product_idx').on(table.userId, table.productId)],
);

export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 10001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    shippingPaise: bigint('shipping_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    shippingAddress: jsonb('shipping_address').notNull(),
    deliveryPincode: text('delivery_pincode').notNull(),
    deliveryEstimate: jsonb('delivery_estimate'),
    idempotencyKey: text('idempotency_key'),
    // Issue 14: the coupon's discount on the items (shipping is never discounted), in paise.
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    couponCode: text('coupon_code'),
    // Issue 13: gift options chosen at checkout; the message is printed on the packing slip and
    // hidePrices keeps amounts off it.
    giftMessage: text('gift_message'),
    hidePrices: boolean('hide_prices').notNull().default(false),
    // Issue 13: who gets "A gift is on its way" when the order is paid (none when null).
    giftRecipientEmail: text('gift_recipient_email'),
    // Issue 13: the delivery date ('YYYY-MM-DD', India) and slot chosen at checkout (none when
    // null); the slot's fee is part of shippingPaise, kept apart here to show what it was for.
    deliveryDate: text('delivery_date'),
    deliverySlot: text('delivery_slot'),
    deliverySlotFeePaise: bigint('delivery_slot_fee_paise', { mode: 'number' }).notNull().default(0),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_status_expires_idx').on(table.status, table.expiresAt),
    uniqueIndex('orders_user_idempotency_idx').on(table.userId, table.idempotencyKey),
    // Issue 26: the order list's search by the delivery address's name and phone digits, and the
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
  ],
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
    // The line's share of the order's coupon discount, so invoices and refunds know what it cost.
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    // Units taken from stock for this line while the order is unpaid or paid; 0 for pre-orders.
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    // Issue 14: units given back through approved returns.
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    // Issue 13: what the shopper entered (PersonalisationRecord), as checked when the order was
    // made; null for a line that is not personalised.
    personalisation: jsonb('personalisation').$type<PersonalisationRecord>(),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    index('order_items_product_idx').on(table.productId),
  ],
);

/**
 * Coupon codes made by the owner (issue 14). `usedCount` counts the orders holding a redemption;
 * it only grows through a conditional UPDATE, so concurrent orders cannot pass the usage limit.
 */
export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  // Stored upper-case; shoppers may type it in any case.
  code: text('code').notNull().unique(),
  description: text('description').notNull().default(''),
  kind: text('kind', { enum: ['percent', 'flat'] }).notNull(),
  // A whole percent (1-100) for 'percent', paise for 'flat'.
  value: integer('value').notNull(),
  minOrderPaise: bigint('min_order_paise', { mode: 'number' }).notNull().default(0),
  maxDiscountPaise: bigint('max_discount_paise', { mode: 'number' }),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  usageLimit: integer('usage_limit'),
  perCustomerLimit: integer('per_customer_limit'),
  // Empty: every category.
  categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
  active: boolean('active').notNull().default(true),
  usedCount: integer('used_count').notNull().default(0),
  createdAt: createdAt(),
});

/** One row per order that used a coupon; removed when that order expires unpaid. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('coupon_redemptions_coupon_user_idx').on(table.couponId, table.userId)],
);

/**
 * Ratings and reviews (issue 14): one per customer and product, from a delivered order. The
 * product's rating and rating_count are their aggregate over reviews that are not hidden,
 * written in the same transaction as every change here.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    // Plain text, never HTML; its length is limited by the API.
    text: text('text').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('reviews_product_user_idx').on(table.productId, table.userId),
    index('reviews_product_created_idx').on(table.productId, table.createdAt),
  ],
);

/**
 * GST tax invoices (issue 14), one per paid order, numbered per financial year without gaps: the
 * number is taken from invoice_counters in the transaction that marks the order paid. `data` is
 * the invoice as issued (seller, buyer, lines, tax), so it reads the same however the store's
 * settings change later.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    data: jsonb('data').notNull(),
    // Issue 21: the PDF as first rendered, served unchanged afterwards (a legal document).
    pdf: bytea('pdf'),
  },
  (table) => [uniqueIndex('invoices_year_sequence_idx').on(table.financialYear, table.sequence)],
);

export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

/**
 * Return requests (issue 14): made by the customer within the return window, decided by the owner.
 * At most one is open ('requested') per order; approval refunds through the payment provider in
 * the transaction that locks this row, so a return is refunded once however often it is approved.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['requested', 'approved', 'rejected'] })
      .notNull()
      .default('requested'),
    reason: text('reason').notNull(),
    refundPaise: bigint('refund_paise', { mode: 'number' }).notNull().default(0),
    providerRefundId: text('provider_refund_id'),
    decisionNote: text('decision_note').notNull().default(''),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('return_requests_order_idx').on(table.orderId),
    uniqueIndex('return_requests_one_open_idx').on(table.orderId).where(sql`${table.status} = 'requested'`),
  ],
);

export const returnItems = pgTable(
  'return_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    // What these units cost the customer (their share of the line after any coupon).
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (table) => [index('return_items_return_idx').on(table.returnId)],
);

/**
 * Photos a customer adds to a return request, kept in the database (not on one instance's disk)
 * and served only to that customer and the owner.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('return_photos_return_idx').on(table.returnId)],
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
    actor: text('actor').notNull().default('system'),
    createdAt: createdAt(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.createdAt)],
);

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
    // Issue 14: what has gone back to the customer (returns, cancellation); never above amount_paise.
    refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
    // Issue 26: why what is left of this payment must go back ('cancelled'), set in the transaction
    // that cancels its order and cleared by the refund; the sweep retries a refund the provider
    // did not take while it is set.
    refundDueReason: text('refund_due_reason'),
    method: text('method'),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    createdAt: createdAt(),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId),
    uniqueIndex('payments_provider_payment_idx')
      .on(table.provider, table.providerPaymentId)
      .where(sql`${table.status} <> 'failed'`),
  ],
);

/**
 * Issue 26: every movement of an order's money, written in the transaction that makes it: a
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
    check('money_ledger_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/**
 * Issue 26: each run of the daily check of the ledger against the payment provider's records, with
 * the orders whose net differs ([{ orderId, orderNumber, ledgerPaise, providerPaise }]); the
 * dashboard shows the latest.
 */
export const moneyChecks = pgTable('money_checks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  ordersChecked: integer('orders_checked').notNull(),
  differences: jsonb('differences')
    .$type<{ orderId: string; orderNumber: string; ledgerPaise: number; providerPaise: number }[]>()
    .notNull(),
});

/** Provider webhooks, stored by event id so a retried delivery is handled once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  event: text('event').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** Failed handlings so far; the sweep retries with growing pauses and gives up after a few. */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
});

/** Mail goes through this queue so that sending never blocks or fails an order (DESIGN 4, Mail). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);

// Issue 13: bulk and corporate enquiries from the storefront, worked through in the back office.
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

/**
 * Issue 13: a bulk quote the owner sends as a payable link. The quote is an ordinary pending order
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
  createdAt: createdAt(),
});

export type QuoteTierLine = { productId: number; listPricePaise: number; percentOff: number };
