import { z } from 'zod';
import { DeliveryChoiceRecord } from '../delivery-dates';
import { ORDER_QUEUES, ORDER_SORTS, type OrderQueue, type OrderSort, SLOT_FILTERS } from '../dispatch-desk';
import { DEFAULT_GST_RATE_BP } from '../gst';
import { DeclarationOverrides } from '../legal-metrology';
import { LEDGER_KINDS } from '../money-ledger';
import { ParcelSize } from '../parcel';
import { SALES_MONTH, SALES_MONTH_MESSAGE } from '../sales-register';
import { gstRate, hsnCode, page, trimmed } from './admin-fields';
import { OrderRecord } from './orders';

// The product schemas live apart so that the product form's page loads them without the order
// schemas (its JavaScript budget); everything stays importable from here.
export * from './admin-products';

// The back office's API contract (/api/admin/*, admin role only). Money in rupees, as everywhere
// at the API edge.

export { ADMIN_PAGE_SIZE, LOW_STOCK_THRESHOLD, TOP_PRODUCT_DAYS } from './admin-rules';

const DATE_EXAMPLE = 'Use a date like 2031-03-10';
const isoDate = z
  .string()
  .max('YYYY-MM-DD'.length, { error: DATE_EXAMPLE, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_EXAMPLE);

export const AdminIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export type AdminIdParams = z.infer<typeof AdminIdParams>;

export const AdminOrderIdParams = z.object({ id: z.string().min(1).max(100) });
/** Decision 0078: one line of an order (its `lineId` in the order record's items). */
export const AdminOrderLineParams = AdminOrderIdParams.extend({
  lineId: z.coerce.number().int().positive().max(2_147_483_647),
});

// ---- Orders ----

export const AdminOrderQuery = z.object({
  status: z.string().max(40).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  q: trimmed(200).optional(),
  /** Decision 0077: the delivery day the shopper chose, from and to (India dates). */
  deliveryFrom: isoDate.optional(),
  deliveryTo: isoDate.optional(),
  slot: z.enum(Object.keys(SLOT_FILTERS) as [keyof typeof SLOT_FILTERS], 'Choose a delivery slot').optional(),
  sort: z.enum(Object.keys(ORDER_SORTS) as [OrderSort], 'Choose how to sort the orders').optional(),
  /** "Ship today": ready to ship, due today or tomorrow (or no date chosen), timed slots first. */
  queue: z.enum(Object.keys(ORDER_QUEUES) as [OrderQueue], 'Choose a queue').optional(),
  /** Decision 0067: cash on delivery or paid online. */
  payment: z.enum(['cod', 'online'], 'Choose cash on delivery or prepaid').optional(),
  /** Decision 0090: the orders of one gift batch, paid together, whatever their links' state. */
  batch: z.uuid('Choose a gift batch').max(36).optional(),
  page,
});
export type AdminOrderQuery = z.infer<typeof AdminOrderQuery>;

export const AdminOrderSummary = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  createdAt: z.string(),
  totalAmount: z.number(),
  customerName: z.string(),
  customerEmail: z.string(),
  phone: z.string(),
  itemCount: z.number().int(),
  /** A gift order (a message, hidden prices or a recipient e-mail), to pack with care. */
  isGift: z.boolean(),
  /** The delivery day and slot the shopper chose; null when none was. */
  delivery: DeliveryChoiceRecord.nullable(),
  /** A quote the owner sent as a payable link, not an order placed at checkout. */
  isQuote: z.boolean(),
  /** Decision 0090: the gift batch it was paid with, one payment for many recipients. */
  giftBatchId: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

export const AdminOrderList = z.object({
  data: z.array(AdminOrderSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderList = z.infer<typeof AdminOrderList>;

export const AdminOrderDetail = z.object({
  order: OrderRecord,
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** Decision 0090: the gift batch paid with the same payment, and how many orders it has. */
  giftBatch: z.object({ id: z.string(), orders: z.number().int() }).nullable(),
  /** Decision 0081: when its gift link was flagged, opened from many devices or addresses. */
  giftLinkFlaggedAt: z.string().nullable(),
  /** Statuses the order may move to now (the status machine and the return window). */
  nextStatuses: z.array(z.string()),
  payments: z.array(
    z.object({
      status: z.string(),
      amount: z.number(),
      /** Refunded through returns (or in full when the payment was given back). */
      refunded: z.number(),
      method: z.string().nullable(),
      providerPaymentId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** The order's money ledger, in rupees. */
  money: z.object({
    captured: z.number(),
    refunded: z.number(),
    /** Decision 0042: rupees of this cash on delivery order still to collect (0 once collected). */
    codToCollect: z.number(),
    net: z.number(),
    /** What cancelling the order now refunds through the payment provider. */
    refundOnCancel: z.number(),
    /** A cancellation's refund the provider has not taken yet; retried by the store. */
    refundDue: z.number(),
    lines: z.array(
      z.object({
        kind: z.enum(LEDGER_KINDS),
        amount: z.number(),
        label: z.string(),
        providerRef: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

export const ChangeOrderStatus = z.object({
  status: z.string().min(1, 'Choose a status').max(40),
  note: trimmed(500).default(''),
  /** Decision 0065: the note is internal unless the owner ticks "Send this note to the customer". */
  noteToCustomer: z.boolean({ error: 'Send to the customer must be true or false' }).default(false),
});
export type ChangeOrderStatus = z.infer<typeof ChangeOrderStatus>;

// ---- Categories and collections ----

export const AdminCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string(),
  sortOrder: z.number().int(),
  productCount: z.number().int(),
  /** Printed on GST invoices for the category's products. */
  hsnCode: z.string(),
  /** GST rate in percent. */
  gstRate: z.number(),
  /** Decision 0059: a slab GST 2.0 retired (12%, 28%), kept until the owner confirms a rate. */
  gstRateToConfirm: z.boolean(),
  /** Decision 0059: the Legal Metrology declarations of its products unless they set their own. */
  declarations: DeclarationOverrides,
  /** The parcel of one packed unit the owner set; null: the built-in one (`defaultParcelFor`). */
  parcel: ParcelSize.nullable(),
});
export type AdminCategory = z.infer<typeof AdminCategory>;

export const AdminCategoryList = z.object({ data: z.array(AdminCategory) });
export type AdminCategoryList = z.infer<typeof AdminCategoryList>;

const CategoryFields = {
  name: z.string().trim().min(1, 'Name is required').max(100),
  description: trimmed(2000),
  image: trimmed(500),
  sortOrder: z.number().int().min(-100_000).max(100_000),
  hsnCode,
  gstRate,
  parcel: ParcelSize.nullable(),
  declarations: DeclarationOverrides,
};
export const NewAdminCategory = z.object({
  ...CategoryFields,
  description: CategoryFields.description.default(''),
  image: CategoryFields.image.default(''),
  sortOrder: CategoryFields.sortOrder.default(0),
  hsnCode: CategoryFields.hsnCode.default('9505'),
  gstRate: CategoryFields.gstRate.default(DEFAULT_GST_RATE_BP / 100),
  parcel: CategoryFields.parcel.default(null),
  declarations: CategoryFields.declarations.default({}),
});
export type NewAdminCategory = z.infer<typeof NewAdminCategory>;
export const AdminCategoryChanges = z.object(CategoryFields).partial();
export type AdminCategoryChanges = z.infer<typeof AdminCategoryChanges>;
export const AdminCategoryResponse = z.object({ category: AdminCategory });

/** Decision 0059: what still carries a GST slab the 22 September 2025 schedule retired. */
const GstRateToConfirm = z.object({
  id: z.number().int(),
  name: z.string(),
  hsnCode: z.string(),
  /** The retired rate in percent, still charged until a new one is confirmed. */
  gstRate: z.number(),
});
export const GstRatesToConfirm = z.object({
  categories: z.array(GstRateToConfirm),
  products: z.array(GstRateToConfirm),
});
export type GstRatesToConfirm = z.infer<typeof GstRatesToConfirm>;

/**
 * Decision 0077: an automatic collection holds every product (not archived) that meets all of
 * its rule's conditions; a condition left null does not count. Prices in rupees, both ends in.
 */
export const CollectionRule = z
  .object({
    categoryId: z.number().int().positive().nullable(),
    tag: z.string().trim().min(1).max(40).nullable(),
    minPrice: z.number('Enter the lowest price in rupees').nonnegative().max(10_00_000).nullable(),
    maxPrice: z.number('Enter the highest price in rupees').nonnegative().max(10_00_000).nullable(),
    newInDays: z
      .number()
      .int()
      .min(1, 'New in at least 1 day')
      .max(365, 'New in at most 365 days')
      .nullable(),
  })
  .refine((rule) => Object.values(rule).some((value) => value !== null), {
    message: 'Give the rule at least one condition: category, tag, price or new in days',
  })
  .refine((rule) => rule.minPrice === null || rule.maxPrice === null || rule.minPrice <= rule.maxPrice, {
    message: 'The lowest price must not be above the highest',
    path: ['maxPrice'],
  });
export type CollectionRule = z.infer<typeof CollectionRule>;

export const AdminCollection = z.object({
  id: z.number().int(),
  /** Null for a hand-picked collection. */
  rule: CollectionRule.nullable(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  featured: z.boolean(),
  sortOrder: z.number().int(),
  products: z.array(z.object({ id: z.number().int(), name: z.string(), archived: z.boolean() })),
});
export type AdminCollection = z.infer<typeof AdminCollection>;
export const AdminCollectionList = z.object({ data: z.array(AdminCollection) });
export type AdminCollectionList = z.infer<typeof AdminCollectionList>;

const CollectionFields = {
  name: z.string().trim().min(1, 'Name is required').max(100),
  description: trimmed(2000),
  image: trimmed(500),
  featured: z.boolean(),
  sortOrder: z.number().int().min(-100_000).max(100_000),
  /** In display order. */
  productIds: z
    .array(z.number().int().positive())
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'A product appears twice'),
  /** Decision 0077: set for an automatic collection (its products follow it), null for hand-picked. */
  rule: CollectionRule.nullable(),
};
export const NewAdminCollection = z.object({
  ...CollectionFields,
  description: CollectionFields.description.default(''),
  image: CollectionFields.image.default(''),
  featured: CollectionFields.featured.default(false),
  sortOrder: CollectionFields.sortOrder.default(0),
  productIds: CollectionFields.productIds.default([]),
  rule: CollectionFields.rule.default(null),
});
export type NewAdminCollection = z.infer<typeof NewAdminCollection>;
export const AdminCollectionChanges = z.object(CollectionFields).partial();
export type AdminCollectionChanges = z.infer<typeof AdminCollectionChanges>;
export const AdminCollectionResponse = z.object({ collection: AdminCollection });

// ---- Dashboard and outbox ----

// Decision 0076: money (revenue, what came in at the door, the ledger's check) is null or empty for
// a staff role without the viewRevenue permission (shared/staff-roles.ts); showsMoney says which.
export const AdminDashboard = z.object({
  showsMoney: z.boolean(),
  today: z.object({ orders: z.number().int(), revenue: z.number().nullable() }),
  month: z.object({ orders: z.number().int(), revenue: z.number().nullable() }),
  pendingPayments: z.number().int(),
  lowStock: z.array(z.object({ id: z.number().int(), name: z.string(), stock: z.number().int() })),
  /** The day's work, each a count linking to its list. */
  work: z.object({
    /** Paid orders not yet shipped (Payment Confirmed to Packed). */
    toShip: z.number().int(),
    returnsToDecide: z.number().int(),
    /** Bulk enquiries nobody has answered yet ('new'). */
    enquiriesToAnswer: z.number().int(),
    lowStock: z.number().int(),
    /** Decision 0042: rupees of cash on delivery still to collect (open COD orders); null as codRemitted. */
    codToCollect: z.number().nullable(),
    /** Decision 0067: rupees the courier remitted in the last 30 days, from its remittance reports. */
    codRemitted: z.number().nullable(),
    /** Decision 0067: rupees collected at the door and not yet remitted (held by the courier). */
    codWithCourier: z.number().nullable(),
    /** Decision 0067: COD orders whose cash is past the courier's remittance cycle. */
    codOverdue: z.number().int(),
    /** Percent of the last 30 days' shipments that came back to the store (RTO); null without any. */
    rtoRate: z.number().nullable(),
  }),
  /** The best sellers of the last TOP_PRODUCT_DAYS days, by units kept (less returns). */
  topProducts: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      units: z.number().int(),
      revenue: z.number().nullable(),
    }),
  ),
  /** The last 14 India-time days, oldest first; revenue is the money ledger's net of refunds. */
  revenueSeries: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  /** The latest daily check of the money ledger against the payment provider; null before the first. */
  moneyCheck: z
    .object({
      checkedAt: z.string(),
      ordersChecked: z.number().int(),
      differences: z.array(
        z.object({ orderId: z.string(), orderNumber: z.string(), ledger: z.number(), provider: z.number() }),
      ),
    })
    .nullable(),
  /** Cart reminders sent in the last 30 days, and how many were followed by a payment. */
  cartReminders: z.object({ sent: z.number().int(), recovered: z.number().int() }),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

export const AdminOutboxQuery = z.object({ page });
export const AdminMail = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type AdminMail = z.infer<typeof AdminMail>;
export const AdminOutbox = z.object({
  data: z.array(AdminMail),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOutbox = z.infer<typeof AdminOutbox>;

// ---- Background jobs ----

const count = z.number().int().min(0);
/** What each background job has waiting, store-wide (every instance sees the same). */
export const AdminJobs = z.object({
  queues: z.object({
    orderExpiry: z.object({ pending: count, overdue: count }),
    mail: z.object({ queued: count, due: count, retrying: count, failed: count, sent: count }),
    webhooks: z.object({ unprocessed: count, failing: count }),
  }),
  /** Provider webhooks not yet handled, oldest first; retried on every expiry sweep. */
  stuckWebhooks: z.array(
    z.object({
      id: z.string(),
      event: z.string(),
      receivedAt: z.string(),
      lastError: z.string().nullable(),
      /** Failed handlings so far, when the next is due, and whether the retries have stopped. */
      attempts: z.number().int(),
      nextAttemptAt: z.string().nullable(),
      gaveUp: z.boolean(),
    }),
  ),
  schedule: z.object({
    expirySweepSeconds: z.number().int(),
    mailEverySeconds: z.number().int(),
    /** Whether the instance that answered runs the jobs (BACKGROUND_JOBS). */
    runsOnThisInstance: z.boolean(),
    /** The jobs on that instance's timers, with the runs each has finished since it started. */
    jobs: z.array(z.object({ name: z.string(), everySeconds: z.number(), runs: count })),
  }),
});
export type AdminJobs = z.infer<typeof AdminJobs>;

/** GET /api/admin/reports/sales-register.csv?month=2032-03 */
export const SalesRegisterQuery = z.object({
  month: z
    .string({ error: SALES_MONTH_MESSAGE })
    .max(7, SALES_MONTH_MESSAGE)
    .regex(SALES_MONTH, SALES_MONTH_MESSAGE),
});
export type SalesRegisterQuery = z.infer<typeof SalesRegisterQuery>;
