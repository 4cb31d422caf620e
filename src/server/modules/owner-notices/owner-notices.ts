import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { indiaDateOf, indiaDayStart, msIntoIndiaDay } from '../../../shared/india-time';
import type { OwnerNoticeMode } from '../../../shared/owner-settings';
import type { Clock } from '../../clock';
import type { Db, Queryable, Tx } from '../../db/client';
import { absoluteUrl, type StoreIdentity } from '../../store-identity';
import {
  countMailsQueuedSince,
  enqueueMail,
  type OwnerNotice,
  ownerDigestMail,
  ownerNoticeMail,
} from '../mail';
import { queueOwnerMessage } from '../notifications';
import { ownerDigests, ownerNotices } from './tables';

export type { OwnerNoticeMode };

/** How the owner wants to hear, as their settings say now (OWNER_NOTIFY and no WhatsApp until saved). */
export type OwnerNoticeChoice = { mode: OwnerNoticeMode; whatsApp: string };

// Every instance looks this often whether a digest is due; the claim makes one of them send it.
export const OWNER_DIGEST_EVERY_MS = 5 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Decision 0054: immediate notices are a few at a time. Past this many in OWNER_BURST_WINDOW_MS,
 * the rest of a burst (a flood of orders, real or not) waits for the next hourly digest instead.
 */
export const OWNER_BURST_NOTICES = 5;
export const OWNER_BURST_WINDOW_MS = 10 * 60 * 1000;
const IMMEDIATE_MAIL_KINDS = (['paid-order', 'cod-order', 'return-request', 'bulk-enquiry'] as const).map(
  (kind) => `owner-${kind}`,
);

/** The end of the last whole digest period at `now`, India time: the hour's start, or midnight. */
export function digestPeriodEnd(now: Date, mode: 'hourly' | 'daily'): Date {
  const midnight = indiaDayStart(indiaDateOf(now));
  if (mode === 'daily') return midnight;
  return new Date(midnight.getTime() + Math.floor(msIntoIndiaDay(now) / HOUR_MS) * HOUR_MS);
}

export type OwnerNotices = ReturnType<typeof createOwnerNotices>;

/**
 * The owner hears of new paid orders, return requests and bulk enquiries by e-mail,
 * through the mail outbox, and on WhatsApp when their settings name a number, through the message
 * outbox (never in the order's request, so a provider's failure cannot block an order). Immediate:
 * one mail and one WhatsApp per event, queued in the event's own transaction, the WhatsApp keyed by
 * the event so it goes once. Hourly or daily: the event waits in owner_notices and one digest per
 * period takes them all, by mail and WhatsApp; the digest job runs on every instance, and inserting
 * the period's owner_digests row is the claim that lets exactly one of them send it (the insert,
 * the mail and the WhatsApp commit together, or none). How is the owner's setting, read each time.
 */
export function createOwnerNotices({
  db,
  clock,
  choice,
  recipient,
  store,
}: {
  db: Db;
  clock: Clock;
  /** Read through the caller's executor: inside an order's transaction, that transaction. */
  choice: (executor: Queryable) => Promise<OwnerNoticeChoice>;
  /** OWNER_NOTIFY_EMAIL, else the store's customer-care address. */
  recipient: string;
  store: StoreIdentity;
}) {
  const adminLink = (path: string) => absoluteUrl(store, `/admin${path}`);

  async function digest(periodEnd: Date, whatsApp: string): Promise<number> {
    return db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(ownerDigests)
        .values({ periodEnd, noticeCount: 0, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ periodEnd: ownerDigests.periodEnd });
      if (!claimed) return 0;
      const taken = await tx
        .update(ownerNotices)
        .set({ digestedAt: clock.now() })
        .where(and(isNull(ownerNotices.digestedAt), lt(ownerNotices.createdAt, periodEnd)))
        .returning();
      if (taken.length === 0) return 0;
      taken.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
      await tx
        .update(ownerDigests)
        .set({ noticeCount: taken.length })
        .where(eq(ownerDigests.periodEnd, periodEnd));
      const mail = ownerDigestMail(taken, periodEnd, recipient, adminLink(''), store);
      await enqueueMail(tx, mail, clock.now());
      if (whatsApp) {
        await queueOwnerMessage(tx, {
          key: `owner-digest-${periodEnd.toISOString()}`,
          to: whatsApp,
          summary: mail.subject,
          link: adminLink(''),
          at: clock.now(),
        });
      }
      return taken.length;
    });
  }

  /** Whether the owner was told of OWNER_BURST_NOTICES events at once already within the window. */
  async function inBurst(tx: Tx, now: Date): Promise<boolean> {
    const told = await countMailsQueuedSince(
      tx,
      IMMEDIATE_MAIL_KINDS,
      new Date(now.getTime() - OWNER_BURST_WINDOW_MS),
    );
    return told >= OWNER_BURST_NOTICES;
  }

  return {
    adminLink,

    /**
     * Tells the owner of an event, in the caller's transaction (so only what happened is told).
     * `key` names the event (`paid-<order id>`): its WhatsApp is sent once, however often told.
     */
    async tell(
      tx: Tx,
      { key, ...notice }: OwnerNotice & { key: string },
      details?: { subject: string; text: string },
    ): Promise<void> {
      const now = clock.now();
      const { mode, whatsApp } = await choice(tx);
      if (mode !== 'immediate' || (await inBurst(tx, now))) {
        await tx.insert(ownerNotices).values({ ...notice, createdAt: now });
        return;
      }
      await enqueueMail(tx, ownerNoticeMail(notice, recipient, store, details), now);
      if (whatsApp) {
        await queueOwnerMessage(tx, {
          key: `owner-${key}`,
          to: whatsApp,
          summary: notice.summary,
          link: notice.link,
          at: now,
        });
      }
    },

    /**
     * Sends the digest of the last whole period if no instance has yet; notices made before the
     * period's end go in it. Returns how many notices it carried (0: nothing to send, or sent).
     * Notices left waiting when the owner switched to immediate go in the next hourly one.
     */
    async sendDigest(): Promise<number> {
      const { mode, whatsApp } = await choice(db);
      if (mode === 'immediate') {
        const [waiting] = await db
          .select({ id: ownerNotices.id })
          .from(ownerNotices)
          .where(isNull(ownerNotices.digestedAt))
          .limit(1);
        if (!waiting) return 0;
      }
      return digest(digestPeriodEnd(clock.now(), mode === 'daily' ? 'daily' : 'hourly'), whatsApp);
    },

    /** Notices still waiting for a digest, oldest first (the back office and tests). */
    async waiting() {
      return db
        .select()
        .from(ownerNotices)
        .where(isNull(ownerNotices.digestedAt))
        .orderBy(asc(ownerNotices.id));
    },
  };
}
