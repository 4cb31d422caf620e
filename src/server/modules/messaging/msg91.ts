import { timingSafeEqual } from 'node:crypto';
import { isMarketingTemplate } from '../../../shared/notifications';
import { normalisePhone } from '../../../shared/phone';
import { unauthorized } from '../../errors';
import {
  type DeliveryStatus,
  type MessageEvents,
  MessageSendError,
  type MessageTransport,
  type OutgoingMessage,
} from './messenger';

export type Msg91Settings = {
  /** How long a send may take (OUTSIDE_CALL_TIMEOUT_MS, decision 0053). */
  timeoutMs: number;
  /** https://control.msg91.com, or a stand-in in tests. */
  apiUrl: string;
  authKey: string;
  /** Our template names to MSG91 template ids (each tied to its DLT template id in MSG91's panel). */
  templates: Record<string, string>;
  /** The DLT sender id when the template does not fix one. */
  senderId: string | undefined;
  /**
   * The promotional DLT header for marketing templates (decision 0062: TRAI TCCCPR sends
   * promotional SMS on a promotional header); unset = the template's own, as registered in MSG91.
   */
  promoSenderId?: string | undefined;
};

const senderOf = (message: OutgoingMessage, settings: Pick<Msg91Settings, 'senderId' | 'promoSenderId'>) =>
  isMarketingTemplate(message.template) ? settings.promoSenderId : settings.senderId;

/** The Flow API's body: one recipient (91 and the mobile) with the template's variables VAR1, VAR2, ... */
export function msg91FlowBody(
  message: OutgoingMessage,
  settings: Pick<Msg91Settings, 'templates' | 'senderId' | 'promoSenderId'>,
) {
  const templateId = settings.templates[message.template];
  if (!templateId) throw new MessageSendError(`No MSG91 template id is configured for "${message.template}"`);
  const variables = Object.fromEntries(message.params.map((value, index) => [`VAR${index + 1}`, value]));
  return {
    template_id: templateId,
    ...(senderOf(message, settings) ? { sender: senderOf(message, settings) } : {}),
    short_url: '0',
    recipients: [{ mobiles: `91${message.to}`, ...variables }],
  };
}

/** MSG91's SMS Flow API (POST /api/v5/flow), authenticated by the `authkey` header. */
export function createMsg91Transport(settings: Msg91Settings): MessageTransport {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/api/v5/flow`;
  return {
    name: 'msg91',
    async send(message) {
      const body = msg91FlowBody(message, settings);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authkey: settings.authKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const answer = (await response.json().catch(() => null)) as {
        type?: unknown;
        message?: unknown;
      } | null;
      // On success `message` is the request id that the delivery reports name.
      if (!response.ok || answer?.type !== 'success' || typeof answer.message !== 'string') {
        const reason = typeof answer?.message === 'string' ? answer.message : 'no request id';
        throw new MessageSendError(`MSG91 refused the message (${response.status}): ${reason}`);
      }
      return { providerMessageId: answer.message };
    },
  };
}

/** A delivery report as MSG91's webhook version 3 posts it (JSON), by the send's request id. */
export type Msg91Report = { requestId?: unknown; status?: unknown; desc?: unknown };

const FAILED = new Set(['FAILED', 'REJECTED', 'NDNC', 'BLOCKED', 'AUTO FAILED', 'EXPIRED']);

/** MSG91's status code 1 / "DELIVERED" and its failure codes; anything else is still on its way. */
export function msg91Status(report: Msg91Report): DeliveryStatus | null {
  const desc = typeof report.desc === 'string' ? report.desc.trim().toUpperCase() : '';
  const code = String(report.status ?? '');
  if (code === '1' || desc === 'DELIVERED') return 'delivered';
  if (code === '2' || FAILED.has(desc)) return 'failed';
  return null;
}

const tokensMatch = (expected: string, given: string | undefined) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given ?? '');
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * MSG91's delivery report webhook (or the sandbox's, through this same code). MSG91 does not sign
 * its reports, so the configured webhook URL carries a secret token.
 */
export async function receiveMsg91Report(
  webhookToken: string,
  givenToken: string | undefined,
  body: unknown,
  events: MessageEvents,
): Promise<void> {
  if (!tokensMatch(webhookToken, givenToken)) throw unauthorized('The webhook token does not match');
  const reports = (Array.isArray(body) ? body : [body]) as Msg91Report[];
  for (const report of reports) {
    if (!report || typeof report !== 'object' || typeof report.requestId !== 'string') continue;
    const status = msg91Status(report);
    if (status) await events.status(report.requestId, status);
  }
}

/**
 * A reply to the store's SMS, as MSG91's virtual number (long code) forwards it to its callback URL.
 * MSG91's help names the callback but does not publish its fields, so the shape is ours
 * (docs/operations.md): JSON `{ sender, message }`, the sender with or without 91, on a URL that
 * carries the same secret token as the delivery reports.
 */
export type Msg91Inbound = { sender: string; message: string };

export async function receiveMsg91Inbound(
  webhookToken: string,
  givenToken: string | undefined,
  body: Msg91Inbound,
  events: MessageEvents,
): Promise<void> {
  if (!tokensMatch(webhookToken, givenToken)) throw unauthorized('The webhook token does not match');
  await events.inbound(normalisePhone(body.sender), 'sms', body.message);
}
