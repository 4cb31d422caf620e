// The payments module's public entry: capture, webhooks, refunds and the sandbox's window.

export { MONEY_CHECK_LOOK_EVERY_MS, readLatestMoneyCheck } from './money-check';
export { createOrderAnnouncements, type OrderAnnouncements } from './order-announcements';
export { createPaymentService, type PaymentService } from './payment-service';
export { paymentRoutes } from './routes';
export { sandboxRoutes } from './sandbox/routes';
export { createSandboxService, type SandboxService } from './sandbox/sandbox-service';
export {
  type OtherPayments,
  readStuckWebhooks,
  WEBHOOK_MAX_ATTEMPTS,
  webhookQueueOf,
} from './webhook-inbox';
