export type MessageChannel = 'whatsapp' | 'sms';
export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** A 10-digit Indian mobile (shared/phone.ts rule); the provider adds the country code 91. */
  to: string;
  /** Our template name ('otp', 'order_placed', ...), mapped per provider in configuration. */
  template: string;
  /** The template's parameters, in order. */
  params: string[];
  /** The message as the shopper reads it (the sandbox shows it). */
  text: string;
}

export type StatusListener = (providerMessageId: string, status: DeliveryStatus) => Promise<void>;
export type InboundListener = (from: string, channel: MessageChannel, text: string) => Promise<void>;

export interface Messenger {
  /** Sends now; throws on failure (retries are the caller's: the OTP asks again, an outbox retries). */
  send(message: OutgoingMessage): Promise<{ providerMessageId: string }>;
  /** Delivery statuses from the provider's webhook (real or sandbox), by the id send() returned. */
  onStatus(listener: StatusListener): void;
  /** A shopper's reply (e.g. "STOP") from the provider's webhook. */
  onInbound(listener: InboundListener): void;
}

/** One channel's way out: a real provider's client or its sandbox. */
export interface MessageTransport {
  readonly name: string;
  send(message: OutgoingMessage): Promise<{ providerMessageId: string }>;
}

/** Where the webhooks (real or sandbox) hand what they read; the Messenger's listeners hear it. */
export interface MessageEvents {
  status(providerMessageId: string, status: DeliveryStatus): Promise<void>;
  inbound(from: string, channel: MessageChannel, text: string): Promise<void>;
}

/** The Messenger over one transport per channel, and the events its webhooks report. */
export function createMessenger(transports: Record<MessageChannel, MessageTransport>): {
  messenger: Messenger;
  events: MessageEvents;
} {
  const statusListeners: StatusListener[] = [];
  const inboundListeners: InboundListener[] = [];
  return {
    messenger: {
      send: (message) => transports[message.channel].send(message),
      onStatus: (listener) => void statusListeners.push(listener),
      onInbound: (listener) => void inboundListeners.push(listener),
    },
    events: {
      async status(providerMessageId, status) {
        for (const listener of statusListeners) await listener(providerMessageId, status);
      },
      async inbound(from, channel, text) {
        for (const listener of inboundListeners) await listener(from, channel, text);
      },
    },
  };
}

/** Thrown by a provider that refused or failed a send; the message says why, without secrets. */
export class MessageSendError extends Error {}
