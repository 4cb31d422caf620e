import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createMessenger, type MessageChannel, type MessageTransport } from './messenger';
import { createMsg91Transport, type Msg91Inbound, receiveMsg91Inbound, receiveMsg91Report } from './msg91';
import { createMessagingSandbox, type SandboxWebhooks } from './sandbox';
import {
  createWhatsAppCloudTransport,
  receiveWhatsAppWebhook,
  whatsAppSignature,
  whatsAppSubscriptionChallenge,
} from './whatsapp-cloud';

type Dependencies = { config: Config; db: Db; clock: Clock; log: FastifyBaseLogger };

/**
 * DESIGN 6: WhatsApp (Cloud API) and SMS (MSG91) behind one Messenger, each channel on its real
 * provider when configured and on the built-in sandbox otherwise. loadConfig has already refused
 * a real provider without its keys.
 */
export function createMessaging({ config, db, clock }: Dependencies) {
  const sandbox = createMessagingSandbox({ db, clock });
  // The sandbox signs its own webhooks; they never leave this process, so a secret per process
  // serves (a real provider's secrets come from the environment).
  const whatsAppSecret =
    config.WHATSAPP_PROVIDER === 'cloud-api' && config.WHATSAPP_APP_SECRET
      ? config.WHATSAPP_APP_SECRET
      : randomBytes(32).toString('hex');
  const msg91Token =
    config.SMS_PROVIDER === 'msg91' && config.MSG91_WEBHOOK_TOKEN
      ? config.MSG91_WEBHOOK_TOKEN
      : randomBytes(32).toString('hex');

  const transports: Record<MessageChannel, MessageTransport> = {
    whatsapp:
      config.WHATSAPP_PROVIDER === 'cloud-api'
        ? createWhatsAppCloudTransport({
            apiUrl: config.WHATSAPP_API_URL,
            timeoutMs: config.OUTSIDE_CALL_TIMEOUT_MS,
            apiVersion: config.WHATSAPP_API_VERSION,
            phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID ?? '',
            accessToken: config.WHATSAPP_ACCESS_TOKEN ?? '',
            language: config.WHATSAPP_TEMPLATE_LANGUAGE,
            templates: config.WHATSAPP_TEMPLATES,
          })
        : sandbox.transports.whatsapp,
    sms:
      config.SMS_PROVIDER === 'msg91'
        ? createMsg91Transport({
            apiUrl: config.MSG91_API_URL,
            timeoutMs: config.OUTSIDE_CALL_TIMEOUT_MS,
            authKey: config.MSG91_AUTH_KEY ?? '',
            templates: config.MSG91_TEMPLATES ?? {},
            senderId: config.MSG91_SENDER_ID,
            promoSenderId: config.MSG91_PROMO_SENDER_ID,
          })
        : sandbox.transports.sms,
  };
  const { messenger, events } = createMessenger(transports);
  messenger.onStatus(sandbox.recordStatus);

  const webhooks = {
    whatsapp: {
      /** GET: Meta's subscription handshake; null when the token is wrong. */
      challenge: (query: Parameters<typeof whatsAppSubscriptionChallenge>[1]) =>
        config.WHATSAPP_VERIFY_TOKEN
          ? whatsAppSubscriptionChallenge(config.WHATSAPP_VERIFY_TOKEN, query)
          : null,
      receive: (rawBody: Buffer, signature: string | undefined) =>
        receiveWhatsAppWebhook(whatsAppSecret, rawBody, signature, events),
    },
    msg91: {
      receive: (token: string | undefined, body: unknown) =>
        receiveMsg91Report(msg91Token, token, body, events),
      inbound: (token: string | undefined, body: Msg91Inbound) =>
        receiveMsg91Inbound(msg91Token, token, body, events),
    },
  };

  // The sandbox's reports go through the very handlers above, signed or tokened like the real ones.
  const sandboxWebhooks: SandboxWebhooks = {
    whatsapp: (payload) => {
      const rawBody = Buffer.from(JSON.stringify(payload));
      return webhooks.whatsapp.receive(rawBody, whatsAppSignature(whatsAppSecret, rawBody));
    },
    sms: (report) => webhooks.msg91.receive(msg91Token, report),
    smsReply: (inbound) => webhooks.msg91.inbound(msg91Token, inbound),
  };

  const providers = {
    whatsapp: transports.whatsapp.name,
    sms: transports.sms.name,
  };
  const usesSandbox = providers.whatsapp === 'sandbox' || providers.sms === 'sandbox';

  return {
    messenger,
    webhooks,
    providers,
    sandbox: {
      /** Whether any channel runs on the sandbox (its delivery job runs only then). */
      inUse: usesSandbox,
      reportDeliveries: () => sandbox.reportDeliveries(sandboxWebhooks),
      reportStatus: (providerMessageId: string, status: Parameters<typeof sandbox.reportStatus>[2]) =>
        sandbox.reportStatus(sandboxWebhooks, providerMessageId, status),
      /** A shopper's reply on WhatsApp (the default) or by SMS, through that provider's webhook code. */
      reply: (from: string, text: string, channel: MessageChannel = 'whatsapp') =>
        sandbox.reply(sandboxWebhooks, from, text, channel),
      list: async (page: number) => ({ ...(await sandbox.list(page)), providers }),
    },
  };
}

export type Messaging = ReturnType<typeof createMessaging>;
