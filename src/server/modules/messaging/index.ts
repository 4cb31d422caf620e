// Messages to shoppers' phones: WhatsApp (Cloud API) and SMS (MSG91), or their sandboxes.
export { createMessaging, type Messaging } from './messaging-service';
export type {
  DeliveryStatus,
  InboundListener,
  MessageChannel,
  Messenger,
  OutgoingMessage,
  StatusListener,
} from './messenger';
export { MessageSendError } from './messenger';
export { messagingRoutes } from './routes';
export { eraseSandboxMessageBodiesBefore } from './sandbox';

/** How often the sandbox reports its messages delivered (as a provider would, a moment later). */
export const SANDBOX_REPORT_EVERY_MS = 3000;
export { eraseSandboxMessagesTo } from './personal-data';
