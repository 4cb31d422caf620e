import { normalisePhone } from '../../../shared/phone';
import { unauthorized } from '../../errors';
import { hmacSha256Hex, signaturesMatch } from '../payment-providers';
import {
  type DeliveryStatus,
  type MessageEvents,
  MessageSendError,
  type MessageTransport,
  type OutgoingMessage,
} from './messenger';

export type WhatsAppCloudSettings = {
  /** How long a send may take (OUTSIDE_CALL_TIMEOUT_MS, decision 0053). */
  timeoutMs: number;
  /** https://graph.facebook.com, or a stand-in in tests. */
  apiUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
  language: string;
  /** Our template names to the approved ones where they differ. */
  templates: Record<string, string>;
};

// Meta's authentication templates (one-time codes) carry the code twice: as the body's parameter
// and as the copy-code button's URL parameter; the template is refused without the button.
const AUTHENTICATION_TEMPLATES = new Set(['otp']);

/** The Cloud API's body for a template message (POST /{version}/{phone-number-id}/messages). */
export function whatsAppTemplateBody(
  message: OutgoingMessage,
  settings: Pick<WhatsAppCloudSettings, 'language' | 'templates'>,
) {
  const text = (value: string) => ({ type: 'text', text: value });
  const components: unknown[] = [];
  if (message.params.length > 0) components.push({ type: 'body', parameters: message.params.map(text) });
  if (AUTHENTICATION_TEMPLATES.has(message.template) && message.params[0]) {
    components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [text(message.params[0])] });
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: `91${message.to}`,
    type: 'template',
    template: {
      name: settings.templates[message.template] ?? message.template,
      language: { code: settings.language },
      ...(components.length > 0 ? { components } : {}),
    },
  };
}

/** The WhatsApp Business Cloud API: pre-approved template messages, a bearer token. */
export function createWhatsAppCloudTransport(settings: WhatsAppCloudSettings): MessageTransport {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/${settings.apiVersion}/${settings.phoneNumberId}/messages`;
  return {
    name: 'whatsapp-cloud-api',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(whatsAppTemplateBody(message, settings)),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const answer = (await response.json().catch(() => null)) as {
        messages?: { id?: unknown }[];
        error?: { message?: unknown; code?: unknown };
      } | null;
      const id = answer?.messages?.[0]?.id;
      if (!response.ok || typeof id !== 'string') {
        const reason = typeof answer?.error?.message === 'string' ? answer.error.message : 'no message id';
        throw new MessageSendError(`WhatsApp refused the message (${response.status}): ${reason}`);
      }
      return { providerMessageId: id };
    },
  };
}

/** The subscription handshake Meta makes when the webhook URL is saved: echo the challenge. */
export function whatsAppSubscriptionChallenge(
  verifyToken: string,
  query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
): string | null {
  const given = Buffer.from(query['hub.verify_token'] ?? '');
  const expected = Buffer.from(verifyToken);
  const tokenMatches = given.length === expected.length && given.equals(expected);
  return query['hub.mode'] === 'subscribe' && tokenMatches && query['hub.challenge']
    ? query['hub.challenge']
    : null;
}

/** X-Hub-Signature-256: `sha256=` and the HMAC-SHA256 of the raw body with the app secret. */
export const whatsAppSignature = (appSecret: string, rawBody: Buffer) =>
  `sha256=${hmacSha256Hex(appSecret, rawBody)}`;

const STATUSES = new Set<string>(['sent', 'delivered', 'read', 'failed']);

type WebhookPayload = {
  entry?: {
    changes?: {
      value?: {
        statuses?: { id?: unknown; status?: unknown }[];
        messages?: { from?: unknown; type?: unknown; text?: { body?: unknown } }[];
      };
    }[];
  }[];
};

/**
 * A webhook from the Cloud API (or the sandbox, which signs its own the same way): checks the
 * signature over the exact bytes, then reports each status and each text reply. Statuses are
 * idempotent facts about a message, so a webhook received twice or out of order does no harm.
 */
export async function receiveWhatsAppWebhook(
  appSecret: string,
  rawBody: Buffer,
  signatureHeader: string | undefined,
  events: MessageEvents,
): Promise<void> {
  const given = signatureHeader?.startsWith('sha256=') ? signatureHeader.slice('sha256='.length) : undefined;
  if (!signaturesMatch(hmacSha256Hex(appSecret, rawBody), given)) {
    throw unauthorized('The webhook signature does not match');
  }
  let payload: WebhookPayload;
  try {
    payload = JSON.parse(rawBody.toString('utf8')) as WebhookPayload;
  } catch {
    return;
  }
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      for (const status of change.value?.statuses ?? []) {
        if (
          typeof status.id === 'string' &&
          typeof status.status === 'string' &&
          STATUSES.has(status.status)
        ) {
          await events.status(status.id, status.status as DeliveryStatus);
        }
      }
      for (const message of change.value?.messages ?? []) {
        if (
          message.type === 'text' &&
          typeof message.from === 'string' &&
          typeof message.text?.body === 'string'
        ) {
          await events.inbound(normalisePhone(message.from), 'whatsapp', message.text.body);
        }
      }
    }
  }
}
