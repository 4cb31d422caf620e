import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import type { AddOnKind } from '../../shared/add-ons';
import type { AddressForm, ShippingAddress } from '../../shared/address';
import type { CollectionRule } from '../../shared/api/admin';
import type { CheckoutCartLine } from '../../shared/api/notifications';
import { CONSENT_PURPOSES, CONSENT_VIAS } from '../../shared/consents';
import type { DeliveryChoice } from '../../shared/delivery-dates';
import { GIFT_LINK_ROW_STATES } from '../../shared/gift-links';
import { CONTRIBUTION_STATES, GROUP_GIFT_STATES } from '../../shared/group-gifts';
import type { DeclarationOverrides } from '../../shared/legal-metrology';
import type { NotifyConsent } from '../../shared/notifications';
import { FEE_KINDS } from '../../shared/order-charges';
import { ADDRESS_EDIT_STATES } from '../../shared/order-edits';
import type { OwnerSettings } from '../../shared/owner-settings';
import type { ParcelSize } from '../../shared/parcel';
import type { PersonalisationConfig, PersonalisationRecord } from '../../shared/personalisation-rules';
import type { QuantityTier } from '../../shared/quantity-pricing';
import type { RefundPayee } from '../../shared/refund-payee';
import { SLOT_ZONE_KEYS } from '../../shared/timed-slots';

// Money is integer paise in every table (DESIGN 4: rupees only at the API and UI edges).

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Null for an account made with a mobile number and a one-time code (decision 0032).
    email: text('email').unique(),
    username: text('username').notNull().unique(),
    fullName: text('full_name').notNull(),
    // Null when the account signs in by code only; e-mail login then never matches it.
    passwordHash: text('password_hash'),
    // 10 digits (shared/phone.ts), set only once a one-time code sent to it came back.
    phone: text('phone').unique(),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    // Decision 0076: the preset of permissions an admin holds (src/shared/staff-roles.ts); read only
    // when role is 'admin'. The default makes every admin that existed before staff roles an owner.
    staffRole: text('staff_role', { enum: ['owner', 'orders', 'catalogue', 'accounts'] })
      .notNull()
      .default('owner'),
    // GST: a business customer's GSTIN and the legal name it is registered under, printed on their
    // invoices (B2B) so they can claim input tax credit; null for a consumer.
    gstin: text('gstin'),
    legalName: text('legal_name'),
    // Decision 0063: when the shopper erased the account; the row stays only as the owner of the
    // orders and invoices tax law keeps, with nothing left that names or reaches them.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // Decision 0063: when the shopper declared being 18 or older (null for accounts from before,
    // and for staff, who are employed adults).
    adultDeclaredAt: timestamp('adult_declared_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The back office finds customers by any part of their name or e-mail.
  (table) => [
    index('users_full_name_trgm_idx').using('gin', sql`${table.fullName} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
  ],
);

/**
 * The owner's settings (src/shared/owner-settings.ts), one row (id 1) holding the saved
 * values as one object; configuration gives every value not saved. `version` goes up on each
 * save, so every instance sees a change with one cheap read (src/server/modules/settings).
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey(),
    values: jsonb('values').$type<Partial<OwnerSettings>>().notNull(),
    version: integer('version').notNull(),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('store_settings_one_row', sql`${table.id} = 1`)],
);

/** One line per change an owner makes to settings or staff: who, when, what. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept as written, so the line still says who after the account is gone.
    userEmail: text('user_email').notNull(),
    area: text('area', { enum: ['settings', 'staff'] }).notNull(),
    changes: jsonb('changes').$type<{ key: string; from: unknown; to: unknown }[]>().notNull(),
  },
  (table) => [index('admin_audit_log_area_idx').on(table.area, table.at)],
);

/**
 * Decision 0075: a change of e-mail the shopper asked for, waiting for the link mailed to the new
 * address. The address changes only when the link comes back; it works once, for a day.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    // Only a SHA-256 of the link's token is stored, as for sessions.
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [index('email_changes_user_idx').on(table.userId)],
);

/** An owner's invitation to join the staff; the link works once, until it expires. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    staffRole: text('staff_role', { enum: ['owner', 'orders', 'catalogue', 'accounts'] }).notNull(),
    // Only a SHA-256 of the link's token is stored, as for sessions.
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_invites_email_idx').on(table.email)],
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
  // GST: the HSN code and rate (basis points, 1800 = 18%) of the category's products.
  hsnCode: text('hsn_code').notNull().default('9505'),
  gstRateBp: integer('gst_rate_bp').notNull().default(1800),
  // Decision 0059: set by the migration on a category still at a slab GST 2.0 retired (12%, 28%),
  // cleared when the owner confirms a current rate; the back office lists those set.
  gstRateToConfirm: boolean('gst_rate_to_confirm').notNull().default(false),
  // Decision 0059, Legal Metrology rule 6(10): the declarations its products show unless they set
  // their own (DeclarationOverrides, checked by the API).
  declarations: jsonb('declarations').$type<DeclarationOverrides>().notNull().default({}),
  // The courier parcel of one packed unit the owner set for the category (checked by ParcelSize);
  // null: the built-in default for its slug (shared/parcel.ts).
  parcel: jsonb('parcel').$type<ParcelSize>(),
  createdAt: createdAt(),
});

type ListingColumns = Record<
  'categoryId' | 'pricePaise' | 'createdAt' | 'rating' | 'featured' | 'id' | 'archived',
  AnyPgColumn
>;

/**
 * The listing's indexes (see products): for each order, with and without the category in front,
 * the sort key and id, then the price, featured flag and archive flag as trailing keys so that
 * filters on them are checked inside the index (Drizzle has no INCLUDE).
 */
function listingIndexes(table: ListingColumns) {
  const sorts = {
    price: table.pricePaise,
    created: table.createdAt,
    rating: table.rating,
    featured: table.featured,
    id: table.id,
  };
  return Object.entries(sorts).flatMap(([name, column]) => {
    const trailing = [table.pricePaise, table.featured, table.archived].filter((extra) => extra !== column);
    const keys = column === table.id ? [column, ...trailing] : [column, table.id, ...trailing];
    return [
      index(`products_category_${name}_idx`).on(table.categoryId, ...keys),
      index(`products_${name}_idx`).on(keys[0] as AnyPgColumn, ...keys.slice(1)),
    ];
  });
}

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
    // The maximum retail price, tax included, printed on the pack (Legal Metrology rule 6(1)(e));
    // every product has one (decision 0059), at least the price.
    mrpPaise: integer('mrp_paise').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    stock: integer('stock').notNull().default(0),
    // The packed parcel's weight and size for the courier; null = the category's default
    // (shared/parcel.ts).
    weightGrams: integer('weight_grams'),
    lengthCm: integer('length_cm'),
    breadthCm: integer('breadth_cm'),
    heightCm: integer('height_cm'),
    allowPreOrder: boolean('allow_pre_order').notNull().default(false),
    minQuantity: integer('min_quantity').notNull().default(1),
    featured: boolean('featured').notNull().default(false),
    rating: real('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    // The owner's stock-keeping unit, unique when given (products_sku_idx); null when none.
    sku: text('sku'),
    // GST of this product; null follows its category's HSN code and rate (shared/gst.ts).
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    // Decision 0059: as categories.gst_rate_to_confirm, for a product's own rate.
    gstRateToConfirm: boolean('gst_rate_to_confirm').notNull().default(false),
    // Decision 0059: the product's own Legal Metrology declarations, each overriding its category's.
    declarations: jsonb('declarations').$type<DeclarationOverrides>().notNull().default({}),
    // The country of origin it is shown with (its own, else its category's, else India), written by
    // the catalogue service with the declarations, so that the listing filters on a column.
    originCountry: text('origin_country').notNull().default('India'),
    // Text fields and photo rule a shopper fills in (PersonalisationConfig); null when the
    // product is not personalisable.
    personalisation: jsonb('personalisation').$type<PersonalisationConfig>(),
    // Quantity pricing tiers ([{ minQuantity, percentOff }], ascending) for bulk quotes;
    // retail carts never use them.
    quantityTiers: jsonb('quantity_tiers').$type<QuantityTier[]>().notNull().default([]),
    // Decision 0079: what kind of add-on the product is (shared/add-ons.ts), null when it is not
    // one; and the categories whose gifts offer it after Add to Cart.
    addOnKind: text('add_on_kind').$type<AddOnKind>(),
    addOnCategoryIds: integer('add_on_category_ids').array().notNull().default(sql`'{}'::integer[]`),
    // Lower-cased name, tags, category and description, written by the catalogue service on every
    // change; trigram and full-text search read it (array_to_string is not immutable, so a
    // generated column cannot build it from tags).
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    // The name's words alone, without positions: search ranks a product whose name is the words,
    // then one whose name holds them, above one whose other text does, bucket by bucket
    // (docs/decisions/0058-search-bounded-by-the-page.md).
    nameVector: tsvector('name_vector').generatedAlwaysAs(sql`strip(to_tsvector('simple', name))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One index per listing order (SPEC 7 sorts), with and without the category in front, each
    // holding the price and archive flag too: a page of any category, sort and price band is found
    // by an index-only scan (the band filtered inside the index), and only its rows are read.
    ...listingIndexes(table),
    index('products_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('products_search_vector_idx').using('gin', table.searchVector),
    index('products_name_vector_idx').using('gin', table.nameVector),
    // Decision 0079: the few add-ons, found without reading the catalogue.
    index('products_add_on_idx').on(table.id).where(sql`${table.addOnKind} IS NOT NULL`),
    // A name that is exactly the searched words is found by equality (the first bucket).
    index('products_name_words_idx').on(table.nameVector),
    uniqueIndex('products_sku_idx').on(table.sku),
    // Decision 0070: the listing's occasion and recipient filters are tags.
    index('products_tags_idx').using('gin', table.tags),
  ],
);

/**
 * Bumped after every catalogue change (catalog-service.ts); each instance compares its last-seen
 * value before answering from its caches, so a change made on one instance is seen on every other
 * at its next request. A sequence: bumping it never waits for a lock and reading it is cheap.
 * stock_version_seq is bumped by stock changes, which drop cached answers but not the figures
 * (totals, search matches) that do not depend on stock.
 */
export const catalogVersionSeq = pgSequence('catalog_version_seq');
export const stockVersionSeq = pgSequence('stock_version_seq');

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
    // Products whose name holds the word: search walks a name bucket in listing order only when
    // it is expected to hold many (docs/decisions/0058-search-bounded-by-the-page.md).
    nameCount: integer('name_count').notNull().default(0),
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
  // Decision 0077: an automatic collection's rule; its products (collection_products) are worked
  // out again after every catalogue change. Null: the owner picks the products by hand.
  rule: jsonb('rule').$type<CollectionRule>(),
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
    // Customers found by any run of their phone's digits, however it was typed.
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

// Decision 0071: "Notify me when it's back" on a sold-out product: one row per shopper and
// product; sent_at is set when the message is queued, so a restock tells each shopper once.
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stock_alerts_user_product_idx').on(table.userId, table.productId),
    index('stock_alerts_waiting_idx').on(table.productId).where(sql`${table.sentAt} IS NULL`),
  ],
);

/**
 * Decision 0073: the owner's timed delivery slots. Minutes count from midnight India time; each
 * window of `window_minutes` between the start and the end is offered until `cutoff_minutes`
 * before it starts, at the listed pincodes and in the listed areas (shared/timed-slots.ts).
 */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    feePaise: integer('fee_paise').notNull().default(0),
    cutoffMinutes: integer('cutoff_minutes').notNull().default(0),
    zones: text('zones', { enum: SLOT_ZONE_KEYS }).array().notNull().default(sql`'{}'::text[]`),
    pincodes: text('pincodes').array().notNull().default(sql`'{}'::text[]`),
    weekdays: integer('weekdays').array().notNull().default(sql`'{0,1,2,3,4,5,6}'::integer[]`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'delivery_slots_window_fits',
      sql`${table.windowMinutes} > 0 and ${table.startMinute} >= 0 and ${table.startMinute} + ${table.windowMinutes} <= ${table.endMinute} and ${table.endMinute} <= 1440`,
    ),
    check('delivery_slots_fee_not_negative', sql`${table.feePaise} >= 0 and ${table.cutoffMinutes} >= 0`),
  ],
);

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
 * Decision 0081: a gift sent by link. The order is paid with no address; its recipient opens the
 * link (only the SHA-256 of its token is kept), types the address and picks the day and slot the
 * sender allowed, or declines. The sender sees the state and the date, never the address.
 */
export const giftLinks = pgTable(
  'gift_links',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // Null until the order is paid and the link sent; a resend replaces it (the old link dies).
    tokenHash: text('token_hash').unique(),
    recipientName: text('recipient_name').notNull(),
    // DPDP s.6: the recipient's contact is used only to send them this gift's link and news.
    recipientPhone: text('recipient_phone'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    revealGift: boolean('reveal_gift').notNull().default(false),
    allowedSlots: jsonb('allowed_slots').$type<string[]>().notNull(),
    state: text('state', { enum: GIFT_LINK_ROW_STATES }).notNull().default('awaiting_payment'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    // Decision 0081: when the owner was told the link was opened from many devices or addresses.
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('gift_links_state_expires_idx').on(table.state, table.expiresAt)],
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

/**
 * Decision 0081: the devices and addresses a gift link was opened from, each only as a SHA-256 of
 * its address and browser (DPDP s.6: enough to count them, nothing to trace anyone by).
 */
export const giftLinkOpens = pgTable(
  'gift_link_opens',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    openerHash: text('opener_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.openerHash] })],
);

/**
 * Decision 0084: a group gift. Its order is made when the pool opens, priced then (decision 0072),
 * unpaid and holding no stock until the contributions meet its total; the contributions are
 * payments into that order's ledger. Only the SHA-256 of the pool's link token is kept.
 */
export const groupGifts = pgTable(
  'group_gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    recipientName: text('recipient_name').notNull(),
    message: text('message'),
    // Whether the page shows "a surprise" instead of the gift.
    surprise: boolean('surprise').notNull().default(false),
    suggestedSharePaise: bigint('suggested_share_paise', { mode: 'number' }),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    state: text('state', { enum: GROUP_GIFT_STATES }).notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('group_gifts_state_deadline_idx').on(table.state, table.deadline),
    index('group_gifts_organiser_idx').on(table.organiserId, table.createdAt),
  ],
);

/**
 * Decision 0084: one friend's share of a group gift: its own provider order (the amount capped at
 * what remained when it started), and, once the provider's signature or webhook confirms it, the
 * payment and what the pool kept of it (the rest went back at once).
 */
export const groupGiftContributions = pgTable(
  'group_gift_contributions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupGiftId: uuid('group_gift_id')
      .notNull()
      .references(() => groupGifts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    providerOrderId: text('provider_order_id').unique(),
    paymentId: integer('payment_id').references(() => payments.id),
    takenPaise: bigint('taken_paise', { mode: 'number' }).notNull().default(0),
    // The name the contributor chose to show on the pool's page (null: not named), and their note.
    shownName: text('shown_name'),
    note: text('note'),
    state: text('state', { enum: CONTRIBUTION_STATES }).notNull().default('awaiting_payment'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('group_gift_contributions_pool_idx').on(table.groupGiftId, table.state),
    index('group_gift_contributions_payment_idx').on(table.paymentId),
  ],
);

/**
 * Decision 0081: the one thank-you a gift link's recipient may send after delivery, read by the
 * sender on their order page; its photo, re-encoded as a return's is, never leaves that page.
 */
export const giftThanks = pgTable('gift_thanks', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  note: text('note').notNull(),
  photoContentType: text('photo_content_type'),
  photo: bytea('photo'),
  createdAt: createdAt(),
});

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

/**
 * Decision 0085: an address change held until its customer pays the dearer delivery fee's
 * difference: the new address and delivery choice as checked, the fee quoted, and the provider
 * order the difference is paid through. Only its payment (signature or webhook) applies it; one
 * not paid by `expires_at` lapses and changes nothing.
 */
export const addressEdits = pgTable(
  'address_edits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    address: jsonb('address').$type<ShippingAddress>().notNull(),
    delivery: jsonb('delivery').$type<DeliveryChoice>(),
    // The slot's fee quoted for the new choice and its charge's label; the order's slot fee when
    // quoted (the difference is their gap), and its updated_at, so an order changed meanwhile refuses it.
    slotFeePaise: bigint('slot_fee_paise', { mode: 'number' }).notNull(),
    slotFeeLabel: text('slot_fee_label'),
    differencePaise: bigint('difference_paise', { mode: 'number' }).notNull(),
    orderUpdatedAt: timestamp('order_updated_at', { withTimezone: true }).notNull(),
    requestedBy: text('requested_by', { enum: ['customer', 'admin'] }).notNull(),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    state: text('state', { enum: ADDRESS_EDIT_STATES }).notNull().default('awaiting_payment'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // One change waits for payment at a time: a new one supersedes it.
    uniqueIndex('address_edits_awaiting_idx')
      .on(table.orderId)
      .where(sql`${table.state} = 'awaiting_payment'`),
    index('address_edits_state_expires_idx').on(table.state, table.expiresAt),
    check('address_edits_difference_positive', sql`${table.differencePaise} > 0`),
  ],
);

/**
 * Coupon codes made by the owner. `usedCount` counts the orders holding a redemption;
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
  // Decision 0077: a coupon orders have used is never edited (their invoices name its terms); it is
  // retired for good instead, and a new code takes its place.
  retiredAt: timestamp('retired_at', { withTimezone: true }),
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
 * Ratings and reviews: one per customer and product, from a delivered order. The
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
    // Decision 0059: written by the demo seed, so that one step (npm run db:remove-demo-reviews)
    // takes the demo ratings away with them.
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('reviews_product_user_idx').on(table.productId, table.userId),
    index('reviews_product_created_idx').on(table.productId, table.createdAt),
  ],
);

/**
 * GST tax invoices, one per paid order, numbered per financial year without gaps: the
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
      .references(() => orders.id),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    data: jsonb('data').notNull(),
    // The PDF as first rendered, served unchanged afterwards (a legal document).
    pdf: bytea('pdf'),
    // Decision 0066: an address edited before dispatch into another State moves the place of
    // supply: this invoice is credited in full (CGST s.34) and a new one issued in its place.
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invoices_current_order_idx').on(table.orderId).where(sql`superseded_at is null`),
    index('invoices_order_idx').on(table.orderId),
    uniqueIndex('invoices_year_sequence_idx').on(table.financialYear, table.sequence),
    index('invoices_issued_idx').on(table.issuedAt),
  ],
);

export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

/**
 * GST credit notes: one per refund recorded in the money ledger of an invoiced order, issued in
 * the refund's transaction, numbered per financial year in a series of their own without gaps.
 * `data` is the note as issued (an Invoice whose document is 'credit_note'), like invoices.data.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    // Null for the one note of a cash on delivery parcel returned undelivered: no money moved
    // (decision 0050).
    ledgerId: integer('ledger_id')
      .unique()
      .references(() => moneyLedger.id),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    data: jsonb('data').notNull(),
    pdf: bytea('pdf'),
  },
  (table) => [
    uniqueIndex('credit_notes_year_sequence_idx').on(table.financialYear, table.sequence),
    index('credit_notes_order_idx').on(table.orderId),
    index('credit_notes_issued_idx').on(table.issuedAt),
    // Decision 0066: one whole-invoice credit (undelivered, or replaced after an address edit) per invoice.
    uniqueIndex('credit_notes_whole_invoice_idx').on(table.invoiceId).where(sql`${table.ledgerId} is null`),
  ],
);

export const creditNoteCounters = pgTable('credit_note_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

/**
 * Return requests: made by the customer within the return window, decided by the owner.
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
    // Decision 0051: a change of mind (7 days), or the store's fault (a defective, damaged or wrong
    // item, or a late delivery: 30 days or more, the delivery charges refunded too).
    kind: text('kind', { enum: ['changed_mind', 'faulty', 'late'] })
      .notNull()
      .default('changed_mind'),
    refundPaise: bigint('refund_paise', { mode: 'number' }).notNull().default(0),
    /** The part of refundPaise that gives back the order's delivery charges (decision 0051). */
    deliveryRefundPaise: bigint('delivery_refund_paise', { mode: 'number' }).notNull().default(0),
    providerRefundId: text('provider_refund_id'),
    // Decision 0043: a cash on delivery order's refund is no provider's to make: it is owed to the
    // customer ('transfer', by bank transfer or UPI) until the owner marks it paid with a reference.
    refundMethod: text('refund_method', { enum: ['provider', 'transfer'] })
      .notNull()
      .default('provider'),
    refundPaidAt: timestamp('refund_paid_at', { withTimezone: true }),
    refundReference: text('refund_reference'),
    // Decision 0066: approval books a reverse pickup with the courier; the refund is released
    // (made through the provider, or owed by transfer) when the owner marks the items received
    // and checked, or at approval below the owner's amount.
    pickupAwb: text('pickup_awb'),
    pickupCourier: text('pickup_courier'),
    pickupProviderOrderId: text('pickup_provider_order_id'),
    pickupStatus: text('pickup_status'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundReleasedAt: timestamp('refund_released_at', { withTimezone: true }),
    // Decision 0067: where a cash on delivery refund goes, given by the customer on the signed
    // page their message links to (a UPI ID, or a bank account and IFSC), once.
    payee: jsonb('payee').$type<RefundPayee>(),
    payeeGivenAt: timestamp('payee_given_at', { withTimezone: true }),
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
    // Decision 0065: the owner's note kept from the customer (their timeline and messages).
    internalNote: text('internal_note').notNull().default(''),
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

/**
 * Each run of the daily check of the ledger against the payment provider's records, with
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

/**
 * When a job that is due once a period last ran, across restarts and instances: taking a run is
 * one conditional upsert of this row (the claim), so N instances run it once.
 */
export const scheduledRuns = pgTable('scheduled_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
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

// DESIGN 6: what the built-in WhatsApp and SMS sandboxes "sent" (they stand in for the WhatsApp
// Cloud API and MSG91 when no account is configured), shown in the back office's Messages page.
// `reportedAt` marks a message whose delivery statuses the sandbox has sent back (once, with
// several instances: the row is claimed by that column).
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<string[]>().notNull(),
    text: text('text').notNull(),
    providerMessageId: text('provider_message_id').notNull().unique(),
    status: text('status', { enum: ['accepted', 'sent', 'delivered', 'read', 'failed'] })
      .notNull()
      .default('accepted'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('sandbox_messages_created_idx').on(table.createdAt),
    index('sandbox_messages_unreported_idx').on(table.reportedAt),
  ],
);

// Decision 0032: one-time codes sent to a mobile number, to sign in (purpose 'sign-in') or to add
// the number to a signed-in account ('add-phone', with its user). Only a hash of the code is kept;
// each code is used once, allows 3 wrong tries (counted before the check) and lives 5 minutes.
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['sign-in', 'add-phone'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The address that asked for the code (decision 0032: allowances per number and requester). */
    requestedBy: text('requested_by'),
    createdAt: createdAt(),
  },
  (table) => [
    index('phone_codes_phone_idx').on(table.phone, table.purpose),
    index('phone_codes_requested_by_idx').on(table.requestedBy, table.createdAt),
  ],
);
// Order news on WhatsApp and SMS, one row per event, channel and recipient, written in
// the transaction of the change it tells of and sent by the notification worker (retries with
// back-off). dedupe_key makes a second write of the same news a no-op, on every instance.
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    notice: text('notice').notNull(),
    channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
    /** The 10-digit mobile it goes to. */
    recipient: text('recipient').notNull(),
    /** The owner's rows tell of the store's own events (new orders, returns, enquiries): no order news. */
    audience: text('audience', { enum: ['shopper', 'gift_recipient', 'owner'] }).notNull(),
    /** What the message needs beyond the order (a refund's paise, a return's decision). */
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    /** The message as sent (filled when it is sent). */
    text: text('text'),
    status: text('status', { enum: ['queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    index('notification_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('notification_outbox_provider_idx').on(table.providerMessageId),
  ],
);

// A number that said STOP (or opened an opt-out link) gets nothing more on that channel.
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['whatsapp', 'sms', 'email'] }).notNull(),
    /** A 10-digit mobile, or an e-mail address in lower case. */
    address: text('address').notNull(),
    via: text('via', { enum: ['reply', 'link'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('notification_opt_outs_idx').on(table.channel, table.address)],
);

// Decision 0062: every consent given or withdrawn, as a ledger (never updated): who (an account
// and/or a mobile or e-mail address), for what purpose on which channel, how, when, and the version
// of the privacy notice shown. The latest row for a purpose and channel is the standing choice.
export const consents = pgTable(
  'consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A 10-digit mobile, or an e-mail address in lower case, when the consent is an address's. */
    address: text('address'),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    /** Null for analytics, which has no channel. */
    channel: text('channel', { enum: ['whatsapp', 'sms', 'email'] }),
    given: boolean('given').notNull(),
    via: text('via', { enum: CONSENT_VIAS }).notNull(),
    noticeVersion: text('notice_version').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('consents_user_idx').on(table.userId, table.purpose, table.channel),
    index('consents_address_idx').on(table.address, table.purpose, table.channel),
  ],
);

// The cart a signed-in shopper last had at checkout (one row each, replaced on every
// change), so one who leaves before paying can be reminded although no order was made.
export const checkoutCarts = pgTable(
  'checkout_carts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<CheckoutCartLine[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('checkout_carts_started_idx').on(table.startedAt)],
);

// One reminder per unpaid checkout (the pending order it made, or the cart recorded at
// checkout, kept in `lines` as it was then), at most one per shopper a day. The claim that holds
// across instances is made under a lock of the shopper's row (cart-reminders.ts).
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The recorded cart's lines, for a reminder of a checkout that made no order. */
    lines: jsonb('lines').$type<CheckoutCartLine[]>(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channels: text('channels').array().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** When its link first filled a cart again: a payment after it is a cart recovered. */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (table) => [
    index('cart_reminders_user_sent_idx').on(table.userId, table.sentAt),
    check('cart_reminders_cart_check', sql`${table.orderId} is not null or ${table.lines} is not null`),
  ],
);

// Secrets the store makes for itself once and every instance reads (signing the links in messages),
// so no configuration is needed and every instance signs alike.
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/**
 * A parcel booked with the courier for an order. At most one open (not cancelled)
 * shipment per order; the label PDF is kept here, so printing it again needs no courier call.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerShipmentId: text('provider_shipment_id').notNull(),
    awb: text('awb').notNull(),
    courierName: text('courier_name').notNull(),
    // booked → picked_up → in_transit → out_for_delivery → delivered, or undelivered → rto_initiated
    // → rto_in_transit → rto_delivered; cancelled before pickup.
    status: text('status').notNull().default('booked'),
    label: bytea('label').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    lengthCm: integer('length_cm').notNull(),
    breadthCm: integer('breadth_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    pickupDate: text('pickup_date'),
    expectedDelivery: text('expected_delivery'),
    // The shopper's answer to a failed delivery, as sent to the courier (NDR action).
    deliveryAnswer: jsonb('delivery_answer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('shipments_awb_idx').on(table.provider, table.awb),
    uniqueIndex('shipments_open_order_idx').on(table.orderId).where(sql`cancelled_at is null`),
  ],
);

/**
 * Each tracking scan the courier reported, stored once per shipment and event key
 * (status and time), so a redelivered or late webhook changes nothing twice.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    kind: text('kind').notNull(),
    activity: text('activity').notNull().default(''),
    location: text('location').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    // Decision 0054: a scan the order's status machine refused (a return after delivery): kept
    // for the owner to see, off the shipment's state and the public timeline.
    refusedAt: timestamp('refused_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('shipment_events_key_idx').on(table.shipmentId, table.eventKey)],
);

/**
 * The built-in courier's parcels (the sandbox at /sandbox/courier): what was booked and
 * its planned scans, sent one by one through the tracking webhook code when due.
 */
export const sandboxParcels = pgTable('sandbox_parcels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  channelOrderId: text('channel_order_id').notNull(),
  awb: text('awb').unique(),
  pincode: text('pincode').notNull(),
  city: text('city').notNull(),
  deliveryDays: integer('delivery_days').notNull(),
  booking: jsonb('booking').notNull(),
  status: text('status').notNull().default('new'),
  // The scans still to come, each { kind, activity, location, dueAt }, earliest first.
  plan: jsonb('plan').notNull().default([]),
  sent: jsonb('sent').notNull().default([]),
  pickupDate: text('pickup_date'),
  ndrAction: jsonb('ndr_action'),
  createdAt: createdAt(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});

/**
 * What the owner is told of (a new paid order, a return request, a bulk enquiry). With
 * OWNER_NOTIFY=immediate each one is mailed as it happens; with a digest they wait here until the
 * hour's or the day's digest takes them (digestedAt).
 */
export const ownerNotices = pgTable(
  'owner_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', {
      enum: ['paid-order', 'cod-order', 'return-request', 'bulk-enquiry', 'complaint', 'gift-link-flag'],
    }).notNull(),
    summary: text('summary').notNull(),
    link: text('link').notNull(),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('owner_notices_waiting_idx').on(table.digestedAt, table.createdAt)],
);

/**
 * One row per digest sent, keyed by the period it closes, so the digest job can run on
 * every instance and the digest still goes out once (the insert is the claim).
 */
export const ownerDigests = pgTable('owner_digests', {
  periodEnd: timestamp('period_end', { withTimezone: true }).primaryKey(),
  noticeCount: integer('notice_count').notNull(),
  createdAt: createdAt(),
});

// Decision 0061: each complaint's ticket number comes from here, so two instances never give one twice.
export const complaintNumberSeq = pgSequence('complaint_number_seq', { startWith: 1 });

/**
 * Consumer Protection (E-Commerce) Rules, 2020, rules 4(5) and 7(1)(f): a complaint from the
 * Contact page, its ticket, and the two clocks (acknowledge within 48 hours, redress within a month
 * of receipt), fixed when it arrives. A guest's complaint has no user; it has an e-mail or a phone.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticket: text('ticket').notNull().unique(),
    userId: integer('user_id').references(() => users.id),
    // As typed; orderId is set when it names one of the store's orders.
    orderNumber: text('order_number'),
    orderId: uuid('order_id').references(() => orders.id),
    subject: text('subject').notNull(),
    details: text('details').notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true }).notNull(),
    resolveBy: timestamp('resolve_by', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id),
    acknowledgementNote: text('acknowledgement_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolution: text('resolution'),
    createdAt: createdAt(),
  },
  (table) => [
    index('complaints_open_idx').on(table.resolvedAt, table.createdAt),
    index('complaints_user_idx').on(table.userId),
  ],
);

/**
 * Decision 0064: a parcel back at the store (RTO) that the owner checked in, once per order: what
 * its prepaid payment owes back (less the return freight, when the owner's setting deducts it),
 * and when the refund was made; owed until then.
 */
export const returnedParcels = pgTable(
  'returned_parcels',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    owedPaise: integer('owed_paise').notNull(),
    deductionPaise: integer('deduction_paise').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    providerRef: text('provider_ref'),
  },
  (table) => [index('returned_parcels_owed_idx').on(table.checkedInAt).where(sql`refunded_at is null`)],
);

/**
 * Decision 0064: a cash on delivery order above the owner's amount waits for the customer's reply
 * of YES to the message sent to `phone`; until then it is not booked, and after the owner's hours
 * it is cancelled.
 */
export const codConfirmations = pgTable(
  'cod_confirmations',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [index('cod_confirmations_phone_idx').on(table.phone, table.askedAt)],
);

// Decision 0077: the dispatch desk's bulk work (booking the courier, printing slips or labels) as
// server jobs: a row per job and a row per order in it, worked through by every instance's timer
// (rows claimed with FOR UPDATE SKIP LOCKED and a lease), so a job goes on when the tab closes.
export const dispatchJobs = pgTable('dispatch_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['book', 'slips', 'labels'] }).notNull(),
  createdBy: integer('created_by').references(() => users.id),
  total: integer('total').notNull(),
  createdAt: createdAt(),
});

export const dispatchJobOrders = pgTable(
  'dispatch_job_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => dispatchJobs.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The job's kind again, so that one index can allow an order in one unfinished booking only.
    kind: text('kind', { enum: ['book', 'slips', 'labels'] }).notNull(),
    /** The order's place in the job (the list's order), so slips and labels print as listed. */
    position: integer('position').notNull(),
    state: text('state', { enum: ['waiting', 'working', 'done', 'failed'] })
      .notNull()
      .default('waiting'),
    /** What became of it: the AWB booked, or why not. */
    message: text('message').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    /** While working: when another instance may take it over (the first one stopped). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('dispatch_job_orders_job_order_idx').on(table.jobId, table.orderId),
    index('dispatch_job_orders_due_idx').on(table.state, table.leaseUntil),
    // An order is in at most one unfinished booking, so it is booked once however often asked.
    uniqueIndex('dispatch_job_orders_one_booking_idx')
      .on(table.orderId)
      .where(sql`kind = 'book' and state in ('waiting', 'working')`),
  ],
);

/** A print job's PDF, laid out a batch of orders at a time; the download joins the parts. */
export const dispatchJobParts = pgTable(
  'dispatch_job_parts',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => dispatchJobs.id, { onDelete: 'cascade' }),
    /** The position of the part's first order, so the parts join in the list's order. */
    firstPosition: integer('first_position').notNull(),
    pdf: bytea('pdf').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.firstPosition] })],
);

/**
 * Decision 0067: the courier's COD remittances, one line per AWB it paid the store for (from its
 * CSV report uploaded by the owner), with the bank reference (UTR) and the date it was paid.
 */
export const codRemittances = pgTable(
  'cod_remittances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    awb: text('awb').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    remittedOn: text('remitted_on').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('cod_remittances_awb_idx').on(table.awb),
    index('cod_remittances_order_idx').on(table.orderId),
  ],
);
