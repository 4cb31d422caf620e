import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  type AccountConsent,
  type AnalyticsConsent,
  type ConsentPurpose,
  type ConsentVia,
  consentWording,
  type MarketingChoice,
  MESSAGE_CONSENTS,
  PRIVACY_NOTICE_VERSION,
} from '../../../shared/consents';
import {
  type MessageChannel,
  NOTIFY_CHANNELS,
  type NotifyChannel,
  type NotifyConsent,
} from '../../../shared/notifications';
import type { Queryable } from '../../db/client';
import { accountsReachedAt, contactOf } from '../auth';
import { consents, notificationOptOuts } from './tables';

type Entry = {
  userId: number | null;
  address?: string | null;
  purpose: ConsentPurpose;
  channel: NotifyChannel | null;
  given: boolean;
  via: ConsentVia;
  at: Date;
};

/** Writes one give or withdraw to the ledger (decision 0062: rows are added, never changed). */
export async function recordConsent(runner: Queryable, entry: Entry) {
  await runner.insert(consents).values({
    userId: entry.userId,
    address: entry.address ?? null,
    purpose: entry.purpose,
    channel: entry.channel,
    given: entry.given,
    via: entry.via,
    noticeVersion: PRIVACY_NOTICE_VERSION,
    createdAt: entry.at,
  });
}

type Standing = { purpose: ConsentPurpose; channel: NotifyChannel | null; given: boolean; at: Date };

/** An account's latest give or withdraw per purpose and channel (none where it never chose). */
async function standingOf(runner: Queryable, userId: number): Promise<Standing[]> {
  const rows = await runner
    .select({
      purpose: consents.purpose,
      channel: consents.channel,
      given: consents.given,
      at: consents.createdAt,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.id));
  const latest: Standing[] = [];
  for (const row of rows) {
    if (!latest.some((seen) => seen.purpose === row.purpose && seen.channel === row.channel))
      latest.push(row);
  }
  return latest;
}

/**
 * Decision 0062: the default where the shopper never chose. Order news by e-mail and SMS is a
 * legitimate use of what they gave for the order (DPDP s.7(a)); WhatsApp order news and every
 * marketing message wait for their own yes (s.6, WhatsApp's opt-in policy).
 */
const onByDefault = (purpose: ConsentPurpose, channel: NotifyChannel | null) =>
  purpose === 'order_updates' && channel !== 'whatsapp';

/** Whether the account agreed (and has not withdrawn) to `purpose` on `channel`. */
export async function consentGiven(
  runner: Queryable,
  userId: number,
  purpose: ConsentPurpose,
  channel: NotifyChannel,
): Promise<boolean> {
  const [row] = await runner
    .select({ given: consents.given })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose), eq(consents.channel, channel)))
    .orderBy(desc(consents.id))
    .limit(1);
  return row ? row.given : onByDefault(purpose, channel);
}

/**
 * The channels of `purpose` the account has withdrawn: its latest row says no. An order's own
 * ticks choose its news; a later withdrawal (the account page, STOP, a link) overrides them.
 */
export async function withdrawnChannels(
  runner: Queryable,
  userId: number,
  purpose: ConsentPurpose,
): Promise<NotifyChannel[]> {
  const standing = await standingOf(runner, userId);
  return standing
    .filter((row) => row.purpose === purpose && !row.given && row.channel !== null)
    .map((row) => row.channel as NotifyChannel);
}

/** The account page's list: each message consent, its state and when it was last chosen. */
export async function accountConsents(
  runner: Queryable,
  userId: number,
  storeName: string,
): Promise<AccountConsent[]> {
  const standing = await standingOf(runner, userId);
  return MESSAGE_CONSENTS.map(({ purpose, channel }) => {
    const row = standing.find((seen) => seen.purpose === purpose && seen.channel === channel);
    return {
      purpose,
      channel,
      given: row ? row.given : onByDefault(purpose, channel),
      at: row ? row.at.toISOString() : null,
      wording: consentWording(purpose, channel, storeName),
    };
  });
}

/**
 * Decision 0075: a signed-in shopper's analytics answer as the ledger holds it (off until they
 * say yes on the banner, the account page or the privacy notice).
 */
export async function analyticsConsent(
  runner: Queryable,
  userId: number,
  storeName: string,
): Promise<AnalyticsConsent> {
  const [row] = await runner
    .select({ given: consents.given, at: consents.createdAt })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, 'analytics'), isNull(consents.channel)))
    .orderBy(desc(consents.id))
    .limit(1);
  return {
    given: row?.given ?? false,
    at: row ? row.at.toISOString() : null,
    wording: consentWording('analytics', null, storeName),
  };
}

/**
 * Decision 0075: writes the shopper's analytics answer (the banner's Allow or No, or a switch),
 * with how it was given and the notice version. The banner asks once per notice version, so each
 * of its answers is written, even one that repeats the ledger; a switch that changes nothing is not.
 */
export async function changeAnalyticsConsent(
  runner: Queryable,
  userId: number,
  change: { given: boolean; via: 'banner' | 'settings' },
  at: Date,
) {
  if (change.via === 'settings' && (await analyticsConsent(runner, userId, '')).given === change.given)
    return;
  await recordConsent(runner, {
    userId,
    purpose: 'analytics',
    channel: null,
    given: change.given,
    via: change.via,
    at,
  });
}

/**
 * Writes a change the shopper made (at checkout or on the account page); choosing what already
 * stands writes nothing. Giving one on a channel they had stopped (STOP, a link) lifts that stop
 * for their own address: a fresh, clear yes from the account's owner.
 */
export async function changeConsent(
  runner: Queryable,
  userId: number,
  change: { purpose: 'order_updates' | 'marketing'; channel: NotifyChannel; given: boolean },
  via: ConsentVia,
  at: Date,
): Promise<boolean> {
  if ((await consentGiven(runner, userId, change.purpose, change.channel)) === change.given) return false;
  await recordConsent(runner, { userId, ...change, via, at });
  if (change.given) await liftStop(runner, userId, change.channel);
  return true;
}

/** Removes the opt-out of the account's own verified mobile (or e-mail) on `channel`. */
async function liftStop(runner: Queryable, userId: number, channel: NotifyChannel) {
  const account = await contactOf(runner, userId);
  // Opt-outs keep a mobile as its 10 digits (users.phone is kept so) and an e-mail in lower case.
  const address =
    channel === 'email' ? account?.email?.toLowerCase() : account?.verified ? account.phone : null;
  if (!address) return;
  await runner
    .delete(notificationOptOuts)
    .where(and(eq(notificationOptOuts.channel, channel), eq(notificationOptOuts.address, address)));
}

/**
 * What a checkout's choices change: each order-news channel as ticked, and each marketing channel
 * ticked (an unticked offer box withdraws nothing: withdrawing is the account page's or a link's).
 */
export async function recordCheckoutConsents(
  runner: Queryable,
  userId: number,
  notify: NotifyConsent | undefined,
  marketing: MarketingChoice | undefined,
  at: Date,
) {
  if (notify) {
    for (const channel of NOTIFY_CHANNELS) {
      await changeConsent(
        runner,
        userId,
        { purpose: 'order_updates', channel, given: notify[channel] },
        'form',
        at,
      );
    }
  }
  for (const channel of NOTIFY_CHANNELS) {
    if (marketing?.[channel]) {
      await changeConsent(runner, userId, { purpose: 'marketing', channel, given: true }, 'form', at);
    }
  }
}

/**
 * A STOP reply or an opt-out link withdraws everything on that channel for that address: order
 * news and marketing, for each account whose verified mobile (or e-mail) it is, and for the
 * address itself (a gift's recipient has no account).
 */
export async function withdrawAddress(
  runner: Queryable,
  channel: MessageChannel | 'email',
  address: string,
  via: 'reply' | 'link',
  at: Date,
) {
  const owners = await accountsReachedAt(runner, channel, address);
  const who = owners.length > 0 ? owners : [null];
  for (const userId of who) {
    for (const purpose of ['order_updates', 'marketing'] as const) {
      await recordConsent(runner, { userId, address, purpose, channel, given: false, via, at });
    }
  }
}
