import type { FastifyInstance } from 'fastify';
import { toPaise } from '../../../shared/money';
import { shippingRulesFromRupees } from '../../../shared/shipping';
import { type CouponService, createCouponService } from '../coupons/coupon-service';
import { createInvoiceService, type InvoiceService } from '../invoices/invoice-service';
import { createMailWorker, type MailWorker } from '../mail/mail-outbox';
import { mailSenderFor, mailTransportFor } from '../mail/mail-transport';
import { createPaymentService, type PaymentService } from '../payments/payment-service';
import type { PaymentProvider } from '../payments/providers/payment-provider';
import type { SandboxProvider } from '../payments/providers/sandbox-provider';
import { createPaymentProvider } from '../payments/providers/select-provider';
import { personalisationPhotoExists } from '../personalisation/personalisation-photos';
import { createReturnService, type ReturnService } from '../returns/return-service';
import { scheduleBackgroundJobs } from './background-jobs';
import { createOrderService, type OrderService } from './order-service';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderService;
    payments: PaymentService;
    paymentProvider: PaymentProvider;
    /** The built-in provider's own side (signing), when it is the configured provider. */
    sandboxProvider: SandboxProvider | null;
    mailWorker: MailWorker;
    coupons: CouponService;
    invoices: InvoiceService;
    returns: ReturnService;
  }
}

// How often mail is sent; unpaid orders are looked at every EXPIRY_SWEEP_SECONDS.
export const MAIL_EVERY_MS = 15 * 1000;

/**
 * Orders, payments and mail at the root instance: the /api routes, the sandbox window's routes
 * and the background jobs share these services. Needs app.delivery (the pincode engine).
 */
export function installOrders(app: FastifyInstance) {
  const { config, db, clock } = app;
  const { provider, sandbox } = createPaymentProvider(config);
  if (provider.name === 'razorpay' && !config.RAZORPAY_WEBHOOK_SECRET) {
    app.log.warn('RAZORPAY_WEBHOOK_SECRET is not set: payment webhooks will be refused');
  }

  const coupons = createCouponService({ db, clock });
  const invoices = createInvoiceService({
    db,
    seller: {
      legalName: config.STORE_LEGAL_NAME,
      address: config.STORE_ADDRESS,
      state: config.STORE_STATE,
      gstin: config.STORE_GSTIN,
      prefix: config.INVOICE_PREFIX,
    },
  });
  const orders = createOrderService({
    db,
    clock,
    provider,
    coupons,
    // DESIGN 4: the same configured rule the cart's shipping quote uses.
    shippingRules: shippingRulesFromRupees({
      freeShippingFrom: config.FREE_SHIPPING_FROM_RUPEES,
      shippingFee: config.SHIPPING_FEE_RUPEES,
    }),
    lookupDelivery: (pincode, options) => app.delivery.checkPincode(pincode, options),
    midnightSlotFeePaise: toPaise(config.MIDNIGHT_SLOT_FEE_RUPEES),
    expiryMinutes: config.ORDER_EXPIRY_MINUTES,
    photoExists: (reference) => personalisationPhotoExists(app.imageStorage, reference),
    onStockChanged: () => app.catalog.stockChanged(),
  });
  const payments = createPaymentService({
    db,
    clock,
    provider,
    orderService: orders,
    coupons,
    invoices,
    store: { storeName: config.STORE_NAME, supportEmail: config.SUPPORT_EMAIL, publicUrl: config.PUBLIC_URL },
    log: app.log,
  });
  const mailWorker = createMailWorker({
    db,
    clock,
    transport: mailTransportFor(config),
    from: mailSenderFor(config),
    log: app.log,
  });

  app.decorate('orders', orders);
  app.decorate('payments', payments);
  app.decorate('paymentProvider', provider);
  app.decorate('sandboxProvider', sandbox);
  app.decorate('mailWorker', mailWorker);
  app.decorate('coupons', coupons);
  app.decorate('invoices', invoices);
  app.decorate(
    'returns',
    createReturnService({
      db,
      clock,
      provider,
      orderService: orders,
      store: {
        storeName: config.STORE_NAME,
        supportEmail: config.SUPPORT_EMAIL,
        publicUrl: config.PUBLIC_URL,
      },
      onStockChanged: () => app.catalog.stockChanged(),
    }),
  );

  if (config.BACKGROUND_JOBS) {
    scheduleBackgroundJobs(app, [
      {
        name: 'order-expiry',
        everyMs: config.EXPIRY_SWEEP_SECONDS * 1000,
        // Each step is safe to repeat, but one instance at a time keeps a retried webhook or a
        // refund from being worked on twice at once.
        exclusive: true,
        run: async () => {
          await orders.expireOverdueOrders();
          await payments.retryUnfinishedWork();
        },
      },
      { name: 'mail', everyMs: MAIL_EVERY_MS, run: () => mailWorker.sendDueMail() },
    ]);
  }
}
