import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config';
import type { Database } from './db/client';
import { openRedis, type RedisConnection } from './db/redis-client';
import { installErrorHandler } from './http/error-handler';
import { createPageHeads, type PageHeads } from './http/page-head';
import { registerWebApp } from './http/web-app';
import { addressRoutes } from './modules/addresses/routes';
import { type ImageStorage, imageStorageFor } from './modules/admin/image-storage';
import { mediaRoutes } from './modules/admin/media-routes';
import { adminRoutes } from './modules/admin/routes';
import { installAuth } from './modules/auth/auth-hooks';
import type { PasswordCost } from './modules/auth/password';
import { authRoutes } from './modules/auth/routes';
import { bulkEnquiryRoutes } from './modules/bulk-enquiries/routes';
import { installCatalog } from './modules/catalog/catalog-module';
import { catalogRoutes } from './modules/catalog/routes';
import { couponRoutes } from './modules/coupons/routes';
import { createDeliveryService } from './modules/delivery/delivery-service';
import { deliveryRoutes } from './modules/delivery/routes';
import { installMetrics } from './modules/health/metrics-routes';
import { healthRoutes } from './modules/health/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { installOrders } from './modules/orders/install-orders';
import { orderRoutes } from './modules/orders/routes';
import { paymentCspSources } from './modules/payments/providers/select-provider';
import { paymentRoutes } from './modules/payments/routes';
import { sandboxRoutes } from './modules/payments/sandbox/routes';
import { personalisationRoutes } from './modules/personalisation/routes';
import { quoteRoutes } from './modules/quotes/routes';
import { returnRoutes } from './modules/returns/routes';
import { createReviewService, type ReviewService } from './modules/reviews/review-service';
import { reviewRoutes } from './modules/reviews/routes';
import { storeRoutes } from './modules/store/routes';
import { storeSettingsFrom } from './modules/store/store-settings';
import { wishlistRoutes } from './modules/wishlist/routes';

/** Time comes in as a dependency so tests can set it (same-day cut-off, order expiry). */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export type AppDependencies = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Only tests pass one: a cheap scrypt cost, so signing up dozens of shoppers takes no time. */
  passwordCost?: PasswordCost;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Database['db'];
    /** The shared-counter store when REDIS_URL is set (opened and closed with the app). */
    redis: RedisConnection | null;
    /** Uploaded product images: DATA_DIR/uploads or an S3-compatible bucket (STORAGE). */
    imageStorage: ImageStorage;
    clock: Clock;
    pageHeads: PageHeads;
    reviews: ReviewService;
  }
}

/** Builds the whole store without listening; tests drive it with `app.inject`. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  passwordCost,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL) : null;
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', () => redis.close());
  app.decorate('imageStorage', imageStorageFor(config));
  app.decorate('clock', clock);
  app.decorate('pageHeads', createPageHeads());

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Security headers, built once: @fastify/helmet rebuilds helmet's middleware (CSP parsing
  // included) on every request, about 6 % of the server's busy CPU under a pincode-lookup load.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config),
    },
    // The payment provider's window is a cross-origin popup/iframe; COEP would block it.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Helmet 8 throws on bad options at creation instead of passing errors on, so `next` only continues.
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  await app.register(fastifyCompress, { threshold: 1024 });
  // Prometheus metrics for a scraper holding METRICS_TOKEN (absent without it).
  installMetrics(app);
  // At the root, not encapsulated: every module's routes use app.requireUser / app.requireAdmin.
  installAuth(app, { passwordCost });
  // At the root too: app.catalog serves other modules (cart prices), page heads and the sitemap.
  await installCatalog(app);
  // At the root too: app.delivery (pincode engine, cart shipping) serves checkout and orders.
  app.decorate('delivery', createDeliveryService({ db: app.db, clock, config }));
  // At the root too: orders, payments and mail serve the /api routes, the sandbox and the sweeps.
  installOrders(app);
  // At the root too: reviews serve the product page and the back office (issue 14).
  app.decorate(
    'reviews',
    createReviewService({ db: app.db, clock, onRatingsChanged: () => app.catalog.stockChanged() }),
  );

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(storeRoutes);
      await api.register(catalogRoutes);
      await api.register(authRoutes);
      await api.register(addressRoutes);
      await api.register(wishlistRoutes);
      await api.register(deliveryRoutes);
      await api.register(orderRoutes);
      await api.register(paymentRoutes);
      await api.register(couponRoutes);
      await api.register(reviewRoutes);
      await api.register(invoiceRoutes);
      await api.register(returnRoutes);
      await api.register(adminRoutes);
      await api.register(bulkEnquiryRoutes);
      await api.register(personalisationRoutes);
      await api.register(quoteRoutes);
    },
    { prefix: '/api' },
  );
  // Uploaded images kept in a bucket are served from /media/ (nothing there with local storage).
  await app.register(mediaRoutes);
  // The built-in payment provider's script, window and calls (only when it is the provider).
  await app.register(sandboxRoutes, { prefix: '/sandbox' });

  await registerWebApp(app, {
    distDir: config.webDistDir,
    rendererPath: config.webRendererPath,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    pageHeads: app.pageHeads,
    settings: storeSettingsFrom(config),
    publicUrl: config.PUBLIC_URL?.replace(/\/$/, ''),
  });

  return app;
}

/** Only what the app loads (DESIGN 5); payment and analytics hosts are added when configured. */
function contentSecurityPolicy(config: Config) {
  const analytics = config.GA_MEASUREMENT_ID ? ['https://www.googletagmanager.com'] : [];
  const analyticsConnect = config.GA_MEASUREMENT_ID
    ? ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com']
    : [];
  const payment = paymentCspSources(config);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...analytics, ...payment.script],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...analyticsConnect, ...payment.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...analyticsConnect, ...payment.connect],
    'frame-src': ["'self'", ...payment.frame],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
}
