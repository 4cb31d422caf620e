import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { scheduleBackgroundJobs } from './background-jobs';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { openRedis } from './db/redis-client';
import { installErrorHandler } from './http/error-handler';
import { mediaRoutes } from './http/media-routes';
import { refuseNullCharacters } from './http/null-characters';
import { createPageHeads } from './http/page-head';
import { siteRoutes } from './http/site-routes';
import { registerWebApp } from './http/web-app';
import { loggerOptions } from './logger-options';
import { accountRoutes } from './modules/account';
import { addressRoutes } from './modules/addresses';
import { adminRoutes } from './modules/admin';
import { adminCatalogRoutes } from './modules/admin-catalog';
import { adminReportRoutes } from './modules/admin-reports';
import type { PasswordCost } from './modules/auth';
import { authRoutes, installAuth } from './modules/auth';
import { bulkEnquiryRoutes } from './modules/bulk-enquiries';
import { catalogRoutes, installCatalog } from './modules/catalog';
import {
  collectionRoutes,
  RULE_COLLECTIONS_EVERY_MS,
  registerCollectionPageHead,
} from './modules/collections';
import { complaintRoutes } from './modules/complaints';
import { couponRoutes } from './modules/coupons';
import { registerTrackPageHead, shipmentAdminRoutes, shipmentRoutes } from './modules/courier';
import { sandboxCourierRoutes } from './modules/courier-providers';
import { deliveryRoutes } from './modules/delivery';
import { deliverySlotRoutes } from './modules/delivery-slots';
import { DISPATCH_EVERY_MS, dispatchRoutes } from './modules/dispatch';
import { giftLinkRoutes } from './modules/gift-links';
import { groupGiftAdminRoutes, groupGiftRoutes } from './modules/group-gifts';
import { healthRoutes, installMetrics } from './modules/health';
import { invoiceRoutes } from './modules/invoices';
import { MAIL_EVERY_MS } from './modules/mail';
import { messagingRoutes, SANDBOX_REPORT_EVERY_MS } from './modules/messaging';
import { CART_REMINDER_EVERY_MS, notificationRoutes } from './modules/notifications';
import { orderRoutes } from './modules/orders';
import { OWNER_DIGEST_EVERY_MS } from './modules/owner-notices';
import { paymentCspSources } from './modules/payment-providers';
import { MONEY_CHECK_LOOK_EVERY_MS, paymentRoutes, sandboxRoutes } from './modules/payments';
import { personalisationRoutes } from './modules/personalisation';
import { quoteRoutes } from './modules/quotes';
import { RETENTION_EVERY_MS } from './modules/retention';
import { returnedParcelRoutes, returnRoutes } from './modules/returns';
import { reviewRoutes } from './modules/reviews';
import { settingsRoutes } from './modules/settings';
import { staffRoutes } from './modules/staff';
import { registerPolicyPageHeads, storeRoutes, storeSettingsFrom } from './modules/store';
import { wishlistRoutes } from './modules/wishlist';
import { createServices } from './services';

// Helmet's own default: a year, subdomains included.
const HSTS = 'max-age=31536000; includeSubDomains';

type AppDependencies = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Only tests pass one: a cheap scrypt cost, so signing up dozens of shoppers takes no time. */
  passwordCost?: PasswordCost;
};

/** Builds the whole store without listening; tests drive it with `app.inject`. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  passwordCost,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : loggerOptions(config.LOG_LEVEL),
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
  refuseNullCharacters(app);

  app.decorate('config', config);
  app.decorate('database', database);
  database.logTo(app.log);
  app.decorate('db', database.db);
  const redis = config.REDIS_URL ? await openRedis(config.REDIS_URL, app.log) : null;
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', () => redis.close());
  app.decorate('clock', clock);
  app.decorate('pageHeads', createPageHeads());
  const services = createServices({
    config,
    db: database.db,
    changesInProcess: database.changesInProcess,
    clock,
    log: app.log,
    redis,
    passwordCost,
  });
  // Each service becomes app.<name>, typed by the one declaration in services.ts.
  for (const [name, service] of Object.entries(services)) app.decorate(name, service as unknown);
  app.addHook('onClose', async () => {
    await Promise.all([
      services.pdfPool.close(),
      services.productCsvPool.close(),
      services.labelPool.close(),
    ]);
  });
  // The back office's jobs page lists what this instance scheduled (GET /api/admin/jobs).
  app.decorate('backgroundJobs', null);
  if (config.BACKGROUND_JOBS) {
    app.backgroundJobs = scheduleBackgroundJobs(app, [
      {
        name: 'order-expiry',
        everyMs: config.EXPIRY_SWEEP_SECONDS * 1000,
        // Each step is safe to repeat, but one instance at a time keeps a retried webhook or a
        // refund from being worked on twice at once.
        exclusive: true,
        run: async () => {
          await services.orders.expireOverdueOrders();
          await services.cashOnDelivery.expireUnshippedCodOrders();
          await services.cashOnDelivery.expireUnconfirmedCodOrders();
          // Decision 0081: gift links past their life, and those whose sender did not choose.
          await services.giftLinks.expireDue();
          // Decision 0084: group gifts past their deadline short, and those not topped up in time.
          await services.groupGifts.expireDue();
          // Decision 0085: changes of address whose dearer delivery was not paid in time.
          await services.orderEdits.expireAddressEdits();
          await services.payments.retryUnfinishedWork();
        },
      },
      { name: 'mail', everyMs: MAIL_EVERY_MS, run: () => services.mailWorker.sendDueMail() },
      // Decision 0077: "new in N days" collections move with time alone; one instance looks hourly.
      {
        name: 'rule-collections',
        everyMs: RULE_COLLECTIONS_EVERY_MS,
        exclusive: true,
        run: () => services.collections.refreshRuleCollections(),
      },
      // Decision 0077: every instance works on the dispatch desk's jobs (orders are claimed).
      { name: 'dispatch-jobs', everyMs: DISPATCH_EVERY_MS, run: () => services.dispatch.workWhileBusy() },
      // Order news on WhatsApp and SMS, sent by every instance (rows are claimed), and
      // cart reminders, looked for on one instance at a time.
      {
        name: 'notifications',
        everyMs: config.NOTIFY_EVERY_SECONDS * 1000,
        run: () => services.notifications.sendDue(),
      },
      // Decision 0071: a sold-out product that is back tells who asked, once.
      {
        name: 'stock-alerts',
        everyMs: config.NOTIFY_EVERY_SECONDS * 1000,
        exclusive: true,
        run: () => services.notifications.queueStockAlerts(),
      },
      {
        name: 'cart-reminders',
        everyMs: CART_REMINDER_EVERY_MS,
        exclusive: true,
        run: () => services.notifications.sendCartReminders(),
      },
      // DESIGN 6: the WhatsApp and SMS sandboxes report delivery a moment after each send.
      ...(services.messaging.sandbox.inUse
        ? [
            {
              name: 'messaging-sandbox',
              everyMs: SANDBOX_REPORT_EVERY_MS,
              run: () => services.messaging.sandbox.reportDeliveries(),
            },
          ]
        : []),
      // The sandbox courier's clock, on one instance at a time.
      ...(services.sandboxCourier
        ? [
            {
              name: 'sandbox-courier',
              everyMs: config.SANDBOX_COURIER_TICK_SECONDS * 1000,
              exclusive: true,
              run: () => services.moveSandboxParcels(),
            },
          ]
        : []),
      // Every instance looks; the period's claim row lets one of them send the digest.
      { name: 'owner-digest', everyMs: OWNER_DIGEST_EVERY_MS, run: () => services.ownerNotices.sendDigest() },
      // The ledger against the payment provider's records, once a day across restarts and
      // instances: every instance looks whether it is due, the stored last run's claim picks one.
      {
        name: 'money-check',
        everyMs: MONEY_CHECK_LOOK_EVERY_MS,
        run: () => services.payments.checkLedgerIfDue(),
      },
      // Decision 0055: personal data past its period, erased on one instance at a time.
      {
        name: 'retention',
        everyMs: RETENTION_EVERY_MS,
        exclusive: true,
        run: () => services.retention.purgeExpired(),
      },
    ]);
  }

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
    // Sent below, over HTTPS only.
    strictTransportSecurity: false,
  });
  // Helmet 8 throws on bad options at creation instead of passing errors on, so `next` only continues.
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, () => {
      // HSTS belongs to HTTPS answers (RFC 6797 7.2); over plain HTTP it only tells a
      // browser on localhost or a LAN address to insist on an HTTPS that is not there. Behind a
      // proxy (TRUST_PROXY) the protocol is the one X-Forwarded-Proto names.
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    }),
  );
  await app.register(fastifyCompress, { threshold: 1024 });
  // Prometheus metrics for a scraper holding METRICS_TOKEN (absent without it).
  installMetrics(app);
  // At the root, not encapsulated: every module's routes use app.requireUser / app.requireAdmin.
  installAuth(app);
  // At the root too: page heads, robots.txt and the sitemap, outside /api.
  installCatalog(app);
  await app.register(siteRoutes);
  registerCollectionPageHead(app);
  // The policy pages' heads (their URLs are in the catalogue's sitemap).
  registerPolicyPageHeads(app);
  // The public tracking page's head.
  registerTrackPageHead(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(storeRoutes);
      await api.register(catalogRoutes);
      await api.register(collectionRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(addressRoutes);
      await api.register(wishlistRoutes);
      await api.register(deliveryRoutes);
      await api.register(orderRoutes);
      await api.register(paymentRoutes);
      await api.register(couponRoutes);
      await api.register(reviewRoutes);
      await api.register(invoiceRoutes);
      await api.register(returnRoutes);
      await api.register(returnedParcelRoutes);
      await api.register(adminRoutes);
      await api.register(adminCatalogRoutes);
      await api.register(adminReportRoutes);
      await api.register(settingsRoutes);
      await api.register(deliverySlotRoutes);
      await api.register(staffRoutes);
      await api.register(giftLinkRoutes);
      await api.register(groupGiftRoutes);
      await api.register(groupGiftAdminRoutes);
      await api.register(bulkEnquiryRoutes);
      await api.register(complaintRoutes);
      await api.register(personalisationRoutes);
      await api.register(quoteRoutes);
      await api.register(messagingRoutes);
      await api.register(notificationRoutes);
      await api.register(shipmentRoutes);
      await api.register(shipmentAdminRoutes);
      await api.register(dispatchRoutes);
    },
    { prefix: '/api' },
  );
  // Uploaded images kept in a bucket are served from /media/ (nothing there with local storage).
  await app.register(mediaRoutes);
  // The built-in payment provider's script, window and calls (only when it is the provider).
  await app.register(sandboxRoutes, { prefix: '/sandbox' });
  await app.register(sandboxCourierRoutes, { prefix: '/sandbox' });

  await registerWebApp(app, {
    distDir: config.webDistDir,
    rendererPath: config.webRendererPath,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    pageHeads: app.pageHeads,
    settings: async () => {
      const { version, values } = await services.settings.get();
      return { version, settings: storeSettingsFrom(config, values) };
    },
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
