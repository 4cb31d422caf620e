import { and, eq } from 'drizzle-orm';
import { MESSAGE_CHANNELS, NOTIFY_CHANNELS, type NotifyChannel } from '../../../shared/notifications';
import { isValidPhone, normalisePhone } from '../../../shared/phone';
import type { Queryable } from '../../db/client';
import { withdrawAddress } from './consents';
import { notificationOptOuts, notificationOutbox } from './tables';

/** A mobile as its 10 digits, an e-mail address in lower case: how opt-outs are kept and matched. */
export const addressKey = (channel: NotifyChannel, address: string) =>
  channel === 'email' ? address.trim().toLowerCase() : normalisePhone(address);

/**
 * Records that `address` wants nothing more on `channel`, and writes the withdrawal to the consent
 * ledger (decision 0062); saying it twice changes nothing.
 */
export async function optOut(
  runner: Queryable,
  channel: NotifyChannel,
  address: string,
  via: 'reply' | 'link',
  at: Date,
) {
  const key = addressKey(channel, address);
  const [stopped] = await runner
    .insert(notificationOptOuts)
    .values({ channel, address: key, via, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: notificationOptOuts.id });
  if (stopped) await withdrawAddress(runner, channel, key, via, at);
}

/**
 * Decision 0081: STOP (a reply, or the message's link) from a number the store messaged as a gift's
 * recipient stops every message to that number, on WhatsApp and SMS alike: they never asked to hear
 * from the store, so one STOP is enough. A shopper's STOP ends the one channel, as before.
 */
export async function stopMessages(
  runner: Queryable,
  channel: NotifyChannel,
  address: string,
  via: 'reply' | 'link',
  at: Date,
) {
  await optOut(runner, channel, address, via, at);
  if (channel === 'email') return;
  const [gift] = await runner
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.recipient, addressKey(channel, address)),
        eq(notificationOutbox.audience, 'gift_recipient'),
      ),
    )
    .limit(1);
  if (!gift) return;
  for (const other of MESSAGE_CHANNELS) {
    if (other !== channel) await optOut(runner, other, address, via, at);
  }
}

/** An opt-out token's payload as this store signed it, or null. */
export function stopPayload(
  payload: Record<string, unknown> | null,
): { channel: NotifyChannel; address: string } | null {
  if (payload?.kind !== 'stop') return null;
  const { channel, address } = payload;
  if (typeof address !== 'string' || !NOTIFY_CHANNELS.includes(channel as NotifyChannel)) return null;
  if (channel !== 'email' && !isValidPhone(address)) return null;
  return { channel: channel as NotifyChannel, address };
}

/** What the opt-out page shows of the address: enough to recognise it, not the whole of it. */
export function maskedAddress(channel: NotifyChannel, address: string) {
  if (channel === 'email') {
    const [name = '', domain = ''] = address.split('@');
    return `${name.slice(0, 2)}…@${domain}`;
  }
  return `••••••${address.slice(-4)}`;
}
