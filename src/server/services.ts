import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { toPaise } from '../shared/money';
import { shippingRulesFromRupees } from '../shared/shipping';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { RedisConnection } from './db/redis-client';
import type { PageHeads } from './http/page-head';
import { createAddressService } from './modules/addresses';
import {
  createAdminBulkService,
  createAdminCatalogService,
  createAdminCustomerService,
  createAdminOrderService,
  createAdminReportService,
  createProductCsvPool,
} from './modules/admin';
import {
  type AuthUser,
  createAttemptLimiter,
  createAuthService,
  type LimiterStore,
  type PasswordCost,
} from './modules/auth';
import { createBulkEnquiryService } from './modules/bulk-enquiries';
import { createCatalogService } from './modules/catalog';
import { createCouponService } from './modules/coupons';
import { createDeliveryService } from './modules/delivery';
import { createInvoiceService, createPdfPool } from './modules/invoices';
import { createMailWorker, mailSenderFor, mailTransportFor } from './modules/mail';
import { createOrderService } from './modules/orders';
import { createPaymentProvider } from './modules/payment-providers';
import { createPaymentService, createSandboxService } from './modules/payments';
import { personalisationPhotoExists } from './modules/personalisation';
import { createQuoteService } from './modules/quotes';
import { createReturnService } from './modules/returns';
import { createReviewService } from './modules/reviews';
import { createWishlistService } from './modules/wishlist';
import { imageStorageFor } from './storage/image-storage';
import { storeIdentityFrom } from './store-identity';

type ServiceDependencies = {
  config: Config;
  db: Db;
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
export function createServices({ config, db, clock, log, redis, passwordCost }: ServiceDependencies) {
  const store = storeIdentityFrom(config);
  // DESIGN 4: one configured shipping rule for the cart's quote, create-order and quotes.
  const shippingRules = shippingRulesFromRupees({
    freeShippingFrom: config.FREE_SHIPPING_FROM_RUPEES,
    shippingFee: config.SHIPPING_FEE_RUPEES,
  });
  const imageStorage = imageStorageFor(config);
  const limiterStore: LimiterStore = redis
    ? { kind: 'redis', client: redis.client, prefix: config.REDIS_KEY_PREFIX, fallbackDb: db }
    : { kind: 'database', db };

  const catalog = createCatalogService({ db });
  const onStockChanged = () => catalog.stockChanged();
  const delivery = createDeliveryService({ db, clock, config });
  const lookupDelivery = delivery.checkPincode;
  const auth = createAuthService({ db, clock, limiterStore, passwordCost });
  const { provider: paymentProvider, sandbox: sandboxProvider } = createPaymentProvider(config);
  if (paymentProvider.name === 'razorpay' && !config.RAZORPAY_WEBHOOK_SECRET) {
    log.warn('RAZORPAY_WEBHOOK_SECRET is not set: payment webhooks will be refused');
  }

  const coupons = createCouponService({ db, clock });
  const pdfPool = createPdfPool({ threads: config.PDF_THREADS, timeLimitMs: config.PDF_TIME_LIMIT_MS });
  const invoices = createInvoiceService({
    db,
    pdfPool,
    seller: {
      legalName: store.legalName,
      address: store.address,
      state: store.state,
      gstin: store.gstin,
      prefix: store.invoicePrefix,
    },
  });
  const orders = createOrderService({
    db,
    clock,
    provider: paymentProvider,
    coupons,
    shippingRules,
    lookupDelivery,
    midnightSlotFeePaise: toPaise(config.MIDNIGHT_SLOT_FEE_RUPEES),
    expiryMinutes: config.ORDER_EXPIRY_MINUTES,
    maxUnpaidOrders: config.MAX_UNPAID_ORDERS,
    photoExists: (reference) => personalisationPhotoExists(imageStorage, reference),
    onStockChanged,
  });
  const payments = createPaymentService({
    db,
    clock,
    provider: paymentProvider,
    orderService: orders,
    coupons,
    invoices,
    store,
    log,
  });
  const mailWorker = createMailWorker({
    db,
    clock,
    transport: mailTransportFor(config),
    from: mailSenderFor(config),
    store,
    log,
  });

  return {
    pdfPool,
    productCsvPool: createProductCsvPool({ timeLimitMs: config.CSV_IMPORT_TIME_LIMIT_MS }),
    store,
    imageStorage,
    limiterStore,
    catalog,
    /** Issue 21: product searches per address (GET /api/products?search=), generous for real shoppers. */
    searchLimiter: createAttemptLimiter(limiterStore, {
      name: 'search-ip',
      attempts: 120,
      windowSeconds: 60,
    }),
    delivery,
    auth,
    paymentProvider,
    /** The built-in provider's own side (signing), when it is the configured provider. */
    sandboxProvider,
    coupons,
    invoices,
    orders,
    payments,
    mailWorker,
    returns: createReturnService({
      db,
      clock,
      provider: paymentProvider,
      orderService: orders,
      store,
      onStockChanged,
    }),
    reviews: createReviewService({ db, clock, onRatingsChanged: onStockChanged }),
    quotes: createQuoteService({
      db,
      clock,
      orderService: orders,
      providerName: paymentProvider.name,
      shippingRules,
      lookupDelivery,
      store,
      onStockChanged,
    }),
    bulkEnquiries: createBulkEnquiryService({
      db,
      clock,
      storeEmail: store.supportEmail,
      publicUrl: store.publicUrl,
    }),
    addressBook: createAddressService({ db, clock }),
    wishlist: createWishlistService({ db }),
    sandbox: sandboxProvider ? createSandboxService({ db, sandbox: sandboxProvider, payments }) : null,
    admin: {
      orders: createAdminOrderService({
        db,
        clock,
        store,
        invoices,
        coupons,
        refundOrder: payments.refundOrder,
      }),
      catalog: createAdminCatalogService({ db, catalog }),
      reports: createAdminReportService({ db, clock }),
      bulk: createAdminBulkService({ db, clock, store, pdfPool }),
      customers: createAdminCustomerService({ db }),
    },
  };
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
