import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { codRulesFromRupees, isYesReply } from '../shared/cash-on-delivery';
import { toPaise } from '../shared/money';
import { DEFAULT_PACKAGING_BOXES, defaultParcelFor, parsePackagingBoxes } from '../shared/parcel';
import { deliveryChargesFromRupees, type ReadDeliveryCharges } from '../shared/shipping';
import type { BackgroundJobs } from './background-jobs';
import type { Clock } from './clock';
import type { Config } from './config';
import type { ChangeCounters } from './db/change-counters';
import type { Database, Db } from './db/client';
import type { RedisConnection } from './db/redis-client';
import type { PageHeads } from './http/page-head';
import { createAccountService } from './modules/account';
import { createAddressService } from './modules/addresses';
import { createAdminBulkService, createAdminCustomerService, createAdminOrderService } from './modules/admin';
import { createAdminCatalogService, createProductCsvPool } from './modules/admin-catalog';
import {
  createAdminReportService,
  createCodRemittanceService,
  createSalesReports,
} from './modules/admin-reports';
import {
  type AuthUser,
  createAttemptLimiter,
  createAuthService,
  type LimiterStore,
  type PasswordCost,
} from './modules/auth';
import { createBulkEnquiryService } from './modules/bulk-enquiries';
import { createCashOnDeliveryService, createCodSettlement } from './modules/cash-on-delivery';
import { createCatalogService } from './modules/catalog';
import { catalogCollections, createCollectionService } from './modules/collections';
import { createComplaintService } from './modules/complaints';
import { createCouponService, UNKNOWN_CODES_PER_HOUR } from './modules/coupons';
import { createShipmentService, hasOpenShipment, isBookedWithCourier } from './modules/courier';
import { createCourier, createLabelPool } from './modules/courier-providers';
import { createDeliveryService } from './modules/delivery';
import { createDeliverySlotService } from './modules/delivery-slots';
import { createDispatchService } from './modules/dispatch';
import { createGiftLinkService } from './modules/gift-links';
import { createGroupGiftService, unmetPoolOrder } from './modules/group-gifts';
import { createInvoiceService, createPdfPool, creditUndeliveredInvoice } from './modules/invoices';
import { createMailWorker, mailSenderFor, mailTransportFor } from './modules/mail';
import { createMessaging } from './modules/messaging';
import {
  createLinkSigner,
  createNotificationService,
  notifyDefaultsFrom,
  type ReadNotifyDefaults,
} from './modules/notifications';
import { createOrderEdits } from './modules/order-edits';
import { mailOrderOf, mailStatusIfDue, orderRecordsOf } from './modules/order-records';
import {
  createOrderAllowance,
  createOrderService,
  orderLinesOf,
  orderNumbersOf,
  orderOf,
  type ReadCodRules,
} from './modules/orders';
import { createOwnerNotices } from './modules/owner-notices';
import { createPaymentProvider } from './modules/payment-providers';
import { createOrderAnnouncements, createPaymentService, createSandboxService } from './modules/payments';
import { personalisationPhotoExists, personalisationPhotoForPrint } from './modules/personalisation';
import { createQuoteService, isQuoted } from './modules/quotes';
import { createRetentionService } from './modules/retention';
import { createReturnedParcels, createReturnService } from './modules/returns';
import { createReviewService } from './modules/reviews';
import { createSearchAllowance, SEARCHES_PER_MINUTE } from './modules/search';
import { createSettingsService } from './modules/settings';
import { createStaffService } from './modules/staff';
import { createWishlistService } from './modules/wishlist';
import { imageStorageFor } from './storage/image-storage';
import { liveStoreIdentity, storeIdentityFrom } from './store-identity';

type ServiceDependencies = {
  config: Config;
  db: Db;
  /** The embedded database's change counters (db/change-counters.ts); null on PostgreSQL. */
  changesInProcess: ChangeCounters | null;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The shared-counter store when REDIS_URL is set. */
  redis: RedisConnection | null;
  /** scrypt's cost for new password hashes: production's unless a test asks for less. */
  passwordCost?: PasswordCost | undefined;
};

/**
 * The composition root: every service of the store, built from its dependencies in one place.
 * Modules never build each other's services; what one needs of another comes in here.
 */
/** Decision 0024: a store reading its own labels needs a few; a guesser many. */
export const SANDBOX_COURIER_READS_PER_10_MINUTES = 60;

export function createServices({
  config,
  db,
  changesInProcess,
  clock,
  log,
  redis,
  passwordCost,
}: ServiceDependencies) {
  // The owner's settings (configuration until saved), read by every instance.
  const settings = createSettingsService({ db, clock, config, changesInProcess });
  const store = liveStoreIdentity(config, settings.current);
  /** The identity as saved now, for what is written once and kept (invoices, each mail's footer). */
  const storeNow = async () => storeIdentityFrom(config, (await settings.get()).values);
  // DESIGN 4: one shipping rule for the cart's quote, create-order and quotes, as the owner set it.
  const deliveryCharges: ReadDeliveryCharges = async () =>
    deliveryChargesFromRupees((await settings.get()).values);
  // Decision 0042: the owner's cash on delivery rules, for the eligibility answer and create-order.
  const codRules: ReadCodRules = async () => codRulesFromRupees((await settings.get()).values);
  const imageStorage = imageStorageFor(config);
  const limiterStore: LimiterStore = redis
    ? { kind: 'redis', client: redis.client, prefix: config.REDIS_KEY_PREFIX, fallbackDb: db }
    : { kind: 'database', db };

  const catalog = createCatalogService({
    db,
    changesInProcess,
    // Asked only once requests are served, after `delivery` below exists (decision 0070).
    deliverySpeeds: (pincode) => delivery.deliverySpeeds(pincode),
    // Decision 0077: collections are built on the catalogue, which asks them what follows a change.
    collections: catalogCollections(db),
  });
  const collections = createCollectionService({ db, catalog });
  const onStockChanged = () => catalog.stockChanged();
  // Decision 0073: the owner's timed slots, offered with the dates and re-checked by create-order.
  const deliverySlots = createDeliverySlotService({ db, clock });
  const delivery = createDeliveryService({
    db,
    clock,
    config,
    deliveryCharges,
    timedSlots: deliverySlots.rules,
    // The courier is made below (its sandbox plans from the delivery promise); it is asked only
    // once the store serves requests.
    askCourier: (pincode) =>
      courier.serviceability({
        pickupPincode: config.ORIGIN_PINCODE,
        deliveryPincode: pincode,
        weightGrams: defaultParcelFor('').weightGrams,
        cod: false,
      }),
    log,
  });
  const lookupDelivery = delivery.checkPincode;
  // DESIGN 6: WhatsApp and SMS (or their sandboxes); app.messenger is what other modules send with.
  const messaging = createMessaging({ config, db, clock, log });
  const auth = createAuthService({
    db,
    clock,
    limiterStore,
    passwordCost,
    // Decision 0032: login codes go out at once, never through an outbox (late is useless).
    sendCode: (message) => messaging.messenger.send(message),
    publicHost: store.publicUrl ? new URL(store.publicUrl).host : undefined,
    log,
  });
  const { provider: paymentProvider, sandbox: sandboxProvider } = createPaymentProvider(config);
  if (paymentProvider.name === 'razorpay' && !config.RAZORPAY_WEBHOOK_SECRET) {
    log.warn('RAZORPAY_WEBHOOK_SECRET is not set: payment webhooks will be refused');
  }

  const coupons = createCouponService({
    db,
    clock,
    unknownCodes: createAttemptLimiter(limiterStore, {
      name: 'coupon-unknown',
      attempts: UNKNOWN_CODES_PER_HOUR,
      windowSeconds: 60 * 60,
    }),
  });
  // The order-news channels ticked at checkout until the shopper changes them, as the owner set them.
  const notifyDefaults: ReadNotifyDefaults = async () =>
    notifyDefaultsFrom((await settings.get()).values.orderUpdateChannels);
  const pdfPool = createPdfPool({ threads: config.PDF_THREADS, timeLimitMs: config.PDF_TIME_LIMIT_MS });
  const invoices = createInvoiceService({
    db,
    pdfPool,
    seller: async (tx) => {
      const now = storeIdentityFrom(config, await settings.valuesIn(tx));
      return {
        legalName: now.legalName,
        address: now.address,
        state: now.state,
        gstin: now.gstin,
        prefix: now.invoicePrefix,
      };
    },
  });
  const ownerNotices = createOwnerNotices({
    db,
    clock,
    // How the owner hears is their setting (OWNER_NOTIFY and OWNER_NOTIFY_WHATSAPP until saved).
    choice: async (executor) => {
      const values = await settings.valuesIn(executor);
      return { mode: values.ownerNotify, whatsApp: values.ownerWhatsApp };
    },
    recipient: config.OWNER_NOTIFY_EMAIL ?? store.customerCare.email,
    store,
  });
  // Decisions 0042 and 0050: COD orders are invoiced at dispatch, become paid when delivered and
  // are cancelled (their invoice credited) when returned, whichever way they move.
  const settleCashOnDelivery = createCodSettlement({
    issueInvoice: invoices.issue,
    creditUndeliveredInvoice,
    releaseCoupon: coupons.release,
  });
  const cashOnDelivery = createCashOnDeliveryService({
    db,
    clock,
    codRules,
    // The orders service is made below (it places COD orders through this one); asked on requests.
    priceCheckout: (userId, request) => orders.priceCheckout(userId, request),
    announce: createOrderAnnouncements({ store, ownerNotices }).cashOrderPlaced,
    // The shipment service is made below (it needs the courier); this runs only once requests do.
    cancelCourierBooking: (orderId) => shipments.cancelBookingBeforePickup(orderId),
    hasOpenShipment,
    isBookedWithCourier,
    releaseCoupon: coupons.release,
    mailStatus: (tx, row, to, note, now) => mailStatusIfDue(tx, store, row, to, note, now),
    // Decision 0054: the owner's hours an unshipped COD order holds its stock (COD_HOLD_HOURS until saved).
    holdHours: async () => (await settings.get()).values.codHoldHours,
    confirmHours: async () => (await settings.get()).values.codConfirmHours,
    onStockChanged,
  });
  // Decision 0081: the owner's gift link life and links a day, for a link sent alone or by a pool.
  const giftLinkRules = async () => {
    const values = (await settings.get()).values;
    return {
      days: values.giftLinkDays,
      perDay: values.giftLinksPerDay,
      corporatePerDay: values.corporateGiftLinksPerDay,
    };
  };
  const orders = createOrderService({
    db,
    clock,
    provider: paymentProvider,
    coupons,
    deliveryCharges,
    timedSlots: deliverySlots.rules,
    codRules,
    lookupDelivery,
    expiryMinutes: config.ORDER_EXPIRY_MINUTES,
    maxUnpaidOrders: config.MAX_UNPAID_ORDERS,
    photoExists: (reference) => personalisationPhotoExists(imageStorage, reference),
    notifyDefaults,
    cashOnDelivery,
    // The payments service is made below (it needs the orders); this runs only once requests do.
    refundOrder: (orderId) => payments.refundOrder(orderId),
    mailStatus: (tx, row, to, note, now) => mailStatusIfDue(tx, store, row, to, note, now),
    onStockChanged,
    recordsOf: orderRecordsOf,
    isQuoted,
    unmetPoolOrder,
  });
  // Decision 0066: an order's address and phone, edited until it is booked.
  const orderEdits = createOrderEdits({
    db,
    clock,
    lookupDelivery,
    deliveryCharges,
    timedSlots: deliverySlots.rules,
    codRules,
    reissueInvoice: (tx, orderId, at, reason) => invoices.reissue(tx, orderId, at, reason),
    provider: paymentProvider,
  });
  const payments = createPaymentService({
    db,
    clock,
    provider: paymentProvider,
    orderService: orders,
    coupons,
    invoices,
    store,
    ownerNotices,
    log,
    onPaid: (tx, order, now) => giftLinks.sendOnPayment(tx, order, now),
    // Decision 0084: the group gifts' shares (made below; this runs only once webhooks come).
    otherPayments: { capture: (payment) => groupGifts.captureFromWebhook(payment) },
    edits: orderEdits,
  });
  // Decision 0081: gifts sent by link, from their payment to the recipient's answer.
  const giftLinks = createGiftLinkService({
    db,
    clock,
    store,
    provider: paymentProvider,
    orders,
    giftLinkRules,
    lookupDelivery,
    timedSlots: deliverySlots.rules,
    midnightSlotFeePaise: async () => (await deliveryCharges()).midnightSlotFeePaise,
    issueInvoice: (tx, orderId, at) => invoices.issue(tx, orderId, at),
    refundOrder: (orderId) => payments.refundOrder(orderId),
    ownerNotices,
    log,
    onStockChanged,
    // Decision 0084: a group gift's recipient thanks its friends too (made below; runs on requests).
    onThanked: (tx, orderId, fromName, at) => groupGifts.forwardThanks(tx, orderId, fromName, at),
  });
  // Decision 0084: group gifts, from the pool's opening to its order or its refunds.
  const groupGifts = createGroupGiftService({
    db,
    clock,
    provider: paymentProvider,
    orders,
    placePooledOrder: payments.placePooledOrder,
    refundOrder: (orderId) => payments.refundOrder(orderId),
    log,
    rules: async () => {
      const values = (await settings.get()).values;
      return {
        perDay: values.groupGiftsPerDay,
        minPaise: toPaise(values.groupGiftMinShare),
        maxPaise: toPaise(values.groupGiftMaxShare),
      };
    },
    notifyDefaults,
    giftLinkRules,
    onStockChanged,
  });
  // Order news on WhatsApp and SMS through the messenger, opt-outs, carts that come back.
  const notifications = createNotificationService({
    db,
    clock,
    store,
    messenger: messaging.messenger,
    log,
    // Decision 0094: orders imports notifications, so what notifications read of orders comes in here.
    orders: {
      orderOf: (orderId) => orderOf(db, orderId),
      linesOf: (orderId) => orderLinesOf(db, orderId),
      numbersOf: (orderIds) => orderNumbersOf(db, orderIds),
    },
  });
  // Decision 0064: a reply of YES (taken as STOP is) confirms that number's COD order waiting for it.
  messaging.messenger.onInbound(async (from, _channel, text) => {
    if (isYesReply(text)) await cashOnDelivery.confirmByReply(from);
  });
  // The courier (Shiprocket or the built-in sandbox) and the shipments booked with it.
  // Decision 0024: the sandbox courier's labels are drawn in a worker thread, like invoices.
  const labelPool = createLabelPool({ threads: 1, timeLimitMs: config.PDF_TIME_LIMIT_MS });
  const { courier, sandbox: sandboxCourier } = createCourier({
    renderLabel: labelPool.render,
    config,
    db,
    clock,
    origin: { name: store.legalName, address: store.address, city: config.SAME_DAY_CITY },
    // The store's own rule: the sandbox's serviceability answers from it, so it cannot ask itself.
    deliveryDaysFor: async (pincode) =>
      promisedDays((await delivery.checkPincode(pincode, { ownRule: true })).info.days),
  });
  const shipments = createShipmentService({
    db,
    clock,
    courier,
    log,
    store,
    mailStatus: (tx, row, to, note, now) => mailStatusIfDue(tx, store, row, to, note, now),
    settleCashOnDelivery,
    packagingBoxes: async () =>
      parsePackagingBoxes((await settings.get()).values.packagingBoxes) ?? DEFAULT_PACKAGING_BOXES,
    stateOf: async (pincode) => (await delivery.cityOf(pincode))?.state ?? '',
    onStockChanged,
    returnTo: { city: config.SAME_DAY_CITY, pincode: config.ORIGIN_PINCODE },
    // The returns service is made below; this runs only once scans come.
    returnScan: (awb, kind, at, activity) => returns.receivePickupScan(awb, kind, at, activity),
  });
  const returns = createReturnService({
    db,
    clock,
    provider: paymentProvider,
    orderService: orders,
    store,
    ownerNotices,
    faultReturnDays: async () => (await settings.valuesIn(db)).faultReturnDays,
    refundAtApprovalBelowPaise: async () => toPaise((await settings.get()).values.refundAtApprovalBelow),
    reversePickup: { book: shipments.bookReturn, cancel: shipments.cancelReturn },
    signer: createLinkSigner(db),
    log,
    onStockChanged,
  });

  // Decision 0067: the courier's COD remittances, matched by AWB to the cash it collected.
  const codRemittance = createCodRemittanceService({
    db,
    clock,
    remittanceDays: async () => (await settings.get()).values.codRemittanceDays,
  });
  const mailWorker = createMailWorker({
    db,
    clock,
    transport: mailTransportFor(config),
    from: mailSenderFor(config),
    store: storeNow,
    log,
  });

  const adminBulk = createAdminBulkService({
    db,
    clock,
    store,
    pdfPool,
    photoForPrint: (reference) => personalisationPhotoForPrint(imageStorage, reference),
  });

  return {
    settings,
    // Decision 0077: the dispatch desk's jobs, over the back office's choice of orders and slips.
    dispatch: createDispatchService({
      db,
      clock,
      log,
      store,
      pdfPool,
      chooseOrders: adminBulk.chosenIds,
      bookShipment: (orderId) => shipments.ship(orderId),
      renderSlips: async (orderIds) => (await adminBulk.documentsPdf({ orderIds })).pdf,
    }),
    staff: createStaffService({ db, clock, store, passwordCost, limiterStore }),
    pdfPool,
    productCsvPool: createProductCsvPool({ timeLimitMs: config.CSV_IMPORT_TIME_LIMIT_MS }),
    labelPool,
    store,
    imageStorage,
    limiterStore,
    catalog,
    collections,
    /**
     * Product searches and suggestions per address, and the search work in flight
     * (docs/decisions/0058-search-bounded-by-the-page.md).
     */
    searchAllowance: createSearchAllowance(
      createAttemptLimiter(limiterStore, {
        name: 'search-ip',
        attempts: SEARCHES_PER_MINUTE,
        windowSeconds: 60,
      }),
    ),
    /** Decision 0057: uncached listings above 100 products per address. */
    largeListingLimiter: createAttemptLimiter(limiterStore, {
      name: 'large-listing-ip',
      attempts: 60,
      windowSeconds: 60,
    }),
    delivery,
    auth,
    /** Decisions 0063 and 0075: a shopper's rights over their data (erase, download, correct). */
    account: createAccountService({
      db,
      clock,
      limiterStore,
      confirmIdentity: (input) => auth.confirmIdentity(input),
      verifyNewPhone: (input) => auth.verifyAddPhoneCode(input),
      sendText: (message) => messaging.messenger.send(message),
      log,
    }),
    /** Decision 0054: a day's orders placed and cancelled per account and per address. */
    orderAllowance: createOrderAllowance(limiterStore, {
      orders: config.ORDERS_PER_DAY,
      cancels: config.CANCELS_PER_DAY,
    }),
    paymentProvider,
    shipments,
    /** Decision 0064: parcels the courier brought back: checked in, their refunds made or owed. */
    returnedParcels: createReturnedParcels({
      db,
      clock,
      provider: paymentProvider,
      store,
      mailOrderOf,
      settings: async () => (await settings.get()).values,
      log,
    }),
    /** The built-in courier, when it is the configured one (its /sandbox/courier API and clock). */
    sandboxCourier,
    /** Sends the sandbox courier's due scans through the tracking webhook (a background job). */
    moveSandboxParcels: async () =>
      sandboxCourier
        ? sandboxCourier.sendDueScans(
            async (payload, token) => (await shipments.receiveTracking(payload, token)).known,
          )
        : 0,
    /** Public tracking lookups per address; a shopper needs a few, a guesser many. */
    trackLimiter: createAttemptLimiter(limiterStore, { name: 'track-ip', attempts: 20, windowSeconds: 600 }),
    /** Reads of the sandbox courier's labels and tracking per address (its API is public). */
    sandboxCourierReads: createAttemptLimiter(limiterStore, {
      name: 'sandbox-courier-ip',
      attempts: SANDBOX_COURIER_READS_PER_10_MINUTES,
      windowSeconds: 600,
    }),
    /** The built-in provider's own side (signing), when it is the configured provider. */
    sandboxProvider,
    coupons,
    deliverySlots,
    invoices,
    orders,
    cashOnDelivery,
    orderEdits,
    giftLinks,
    groupGifts,
    payments,
    mailWorker,
    messaging,
    messenger: messaging.messenger,
    notifications,
    ownerNotices,
    returns,
    reviews: createReviewService({ db, clock, onRatingsChanged: onStockChanged }),
    quotes: createQuoteService({
      db,
      clock,
      orderService: orders,
      providerName: paymentProvider.name,
      deliveryCharges,
      lookupDelivery,
      store,
      notifyDefaults,
      onStockChanged,
      maxDiscountPercent: config.QUOTE_MAX_DISCOUNT_PERCENT,
    }),
    bulkEnquiries: createBulkEnquiryService({ db, clock, ownerNotices }),
    complaints: createComplaintService({ db, clock, store, ownerNotices }),
    addressBook: createAddressService({ db, clock, checkPincode: lookupDelivery }),
    wishlist: createWishlistService({ db }),
    retention: createRetentionService({ db, clock }),
    sandbox: sandboxProvider ? createSandboxService({ db, sandbox: sandboxProvider, payments }) : null,
    admin: {
      orders: createAdminOrderService({
        db,
        clock,
        store,
        invoices,
        coupons,
        refundOrder: payments.refundOrder,
        settleCashOnDelivery,
      }),
      catalog: createAdminCatalogService({ db, catalog, collections }),
      reports: createAdminReportService({
        db,
        clock,
        cartReminderFigures: notifications.cartReminderFigures,
        codCashFigures: (since) => codRemittance.figures(since),
      }),
      codRemittance,
      bulk: adminBulk,
      customers: createAdminCustomerService({ db, clock }),
      salesReports: createSalesReports({ db }),
    },
  };
}

/** The upper bound of a delivery promise ('3-5' days → 5), at least one day. */
function promisedDays(days: string): number {
  const numbers = (days.match(/\d+/g) ?? []).map(Number);
  return Math.max(1, ...numbers);
}

type Services = ReturnType<typeof createServices>;

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance extends Services {
    config: Config;
    database: Database;
    db: Db;
    clock: Clock;
    /** The shared-counter store when REDIS_URL is set (opened and closed with the app). */
    redis: RedisConnection | null;
    pageHeads: PageHeads;
    /** The jobs this instance runs on timers; null when BACKGROUND_JOBS is off. */
    backgroundJobs: BackgroundJobs | null;
    /** preHandler: 401 without a valid bearer token; sets request.user. */
    requireUser: PreHandler;
    /** preHandler: sets request.currentUser when a valid token comes, never refuses. */
    optionalUser: PreHandler;
    /** preHandler: like requireUser, and 403 for anyone who is not an admin. */
    requireAdmin: PreHandler;
  }
  interface FastifyRequest {
    /** The signed-in user behind requireUser; reading it on a route without it answers 401. */
    readonly user: AuthUser;
    /** The signed-in user, or null when none (set by requireUser and optionalUser). */
    currentUser: AuthUser | null;
    /** The session the request's token belongs to (logout revokes it). */
    sessionId: number | null;
  }
}
