import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '../../../shared/api/admin';
import type { AdminMessages } from '../../../shared/api/messaging';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { DeliveryStatus, MessageChannel, MessageTransport } from './messenger';
import { sandboxMessages } from './tables';

type SandboxStatus = (typeof sandboxMessages.$inferSelect)['status'];

// A status only moves forward (a late "sent" never hides "delivered"): the statuses each may follow.
const FOLLOWS: Record<DeliveryStatus, SandboxStatus[]> = {
  sent: ['accepted'],
  delivered: ['accepted', 'sent'],
  read: ['accepted', 'sent', 'delivered'],
  failed: ['accepted', 'sent'],
};

/** What the sandbox's webhooks go through: the same handlers the real providers' webhooks use. */
export type SandboxWebhooks = {
  whatsapp(payload: unknown): Promise<void>;
  sms(report: { requestId: string; number: string; status: string; desc: string }): Promise<void>;
  smsReply(inbound: { sender: string; message: string }): Promise<void>;
};

/**
 * DESIGN 6: the built-in stand-in for the WhatsApp Cloud API and MSG91. It keeps every message
 * "sent" in sandbox_messages and reports delivery back through the providers' webhook code.
 */
export function createMessagingSandbox({ db, clock }: { db: Db; clock: Clock }) {
  const transport = (channel: MessageChannel): MessageTransport => ({
    name: 'sandbox',
    async send(message) {
      // Shaped like each provider's own ids: a wamid for WhatsApp, a 24-hex request id for MSG91.
      const providerMessageId =
        channel === 'whatsapp'
          ? `wamid.${randomBytes(24).toString('base64url')}`
          : randomBytes(12).toString('hex');
      const now = clock.now();
      await db.insert(sandboxMessages).values({
        channel,
        recipient: message.to,
        template: message.template,
        params: message.params,
        text: message.text,
        providerMessageId,
        createdAt: now,
        updatedAt: now,
      });
      return { providerMessageId };
    },
  });

  return {
    transports: { whatsapp: transport('whatsapp'), sms: transport('sms') },

    /** Listens to the webhooks' statuses, as any consumer of the Messenger does. */
    async recordStatus(providerMessageId: string, status: DeliveryStatus) {
      await db
        .update(sandboxMessages)
        .set({ status, updatedAt: clock.now() })
        .where(
          and(
            eq(sandboxMessages.providerMessageId, providerMessageId),
            inArray(sandboxMessages.status, FOLLOWS[status]),
          ),
        );
    },

    /**
     * Sends "sent" and "delivered" back for each message not yet reported, as the provider would.
     * Each row is claimed first, so with several instances every message is reported once.
     */
    async reportDeliveries(webhooks: SandboxWebhooks): Promise<number> {
      const claimed = await db
        .update(sandboxMessages)
        .set({ reportedAt: clock.now() })
        .where(isNull(sandboxMessages.reportedAt))
        .returning();
      for (const message of claimed) await report(webhooks, message, ['sent', 'delivered']);
      return claimed.length;
    },

    /** A status of one message, as the provider would report it (the back office, tests). */
    async reportStatus(webhooks: SandboxWebhooks, providerMessageId: string, status: DeliveryStatus) {
      const [message] = await db
        .select()
        .from(sandboxMessages)
        .where(eq(sandboxMessages.providerMessageId, providerMessageId));
      if (message) await report(webhooks, message, [status]);
      return Boolean(message);
    },

    /** A shopper's reply (e.g. "STOP"), as Meta's webhook or MSG91's inbound callback would bring it. */
    async reply(webhooks: SandboxWebhooks, from: string, text: string, channel: MessageChannel) {
      if (channel === 'sms') {
        await webhooks.smsReply({ sender: `91${from}`, message: text });
        return;
      }
      await webhooks.whatsapp(
        whatsAppEnvelope({
          messages: [
            {
              from: `91${from}`,
              id: `wamid.${randomBytes(24).toString('base64url')}`,
              timestamp: String(Math.floor(clock.now().getTime() / 1000)),
              type: 'text',
              text: { body: text },
            },
          ],
        }),
      );
    },

    /** The back office's Messages page: newest first, one page at a time. */
    async list(page: number): Promise<Omit<AdminMessages, 'providers'>> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sandboxMessages)
          .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PAGE_SIZE),
        db.select({ total: count() }).from(sandboxMessages),
      ]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.recipient,
          template: row.template,
          params: row.params,
          text: row.text,
          status: row.status,
          providerMessageId: row.providerMessageId,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        })),
        total: total?.total ?? 0,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  };

  async function report(
    webhooks: SandboxWebhooks,
    message: typeof sandboxMessages.$inferSelect,
    statuses: DeliveryStatus[],
  ) {
    const timestamp = String(Math.floor(clock.now().getTime() / 1000));
    if (message.channel === 'whatsapp') {
      await webhooks.whatsapp(
        whatsAppEnvelope({
          statuses: statuses.map((status) => ({
            id: message.providerMessageId,
            status,
            timestamp,
            recipient_id: `91${message.recipient}`,
          })),
        }),
      );
      return;
    }
    // MSG91 reports the final outcome only (status code 1 delivered, 2 failed).
    const final = statuses.at(-1);
    if (final !== 'delivered' && final !== 'failed') return;
    await webhooks.sms({
      requestId: message.providerMessageId,
      number: `91${message.recipient}`,
      status: final === 'delivered' ? '1' : '2',
      desc: final === 'delivered' ? 'DELIVERED' : 'FAILED',
    });
  }
}

export type MessagingSandbox = ReturnType<typeof createMessagingSandbox>;

/** The envelope of a Cloud API webhook (object, entry, changes, value), as Meta sends it. */
function whatsAppEnvelope(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'sandbox',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: 'sandbox', phone_number_id: 'sandbox' },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** Decision 0055: empties the sandbox's messages made before `before`. Answers how many. */
export async function eraseSandboxMessageBodiesBefore(db: Db, before: Date): Promise<number> {
  const erased = await db
    .update(sandboxMessages)
    .set({ text: '', params: [] })
    .where(and(lt(sandboxMessages.createdAt, before), ne(sandboxMessages.text, '')))
    .returning({ id: sandboxMessages.id });
  return erased.length;
}
