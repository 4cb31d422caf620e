import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { indiaDateOf, indiaDayStart, msIntoIndiaDay } from '../../../shared/india-time';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { ownerDigests, ownerNotices } from '../../db/schema';
import { absoluteUrl, type StoreIdentity } from '../../store-identity';
import { enqueueMail, type OwnerNotice, ownerDigestMail, ownerNoticeMail } from '../mail';

export type OwnerNoticeMode = 'immediate' | 'hourly' | 'daily';

// Every instance looks this often whether a digest is due; the claim makes one of them send it.
export const OWNER_DIGEST_EVERY_MS = 5 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The end of the last whole digest period at `now`, India time: the hour's start, or midnight. */
export function digestPeriodEnd(now: Date, mode: 'hourly' | 'daily'): Date {
  const midnight = indiaDayStart(indiaDateOf(now));
  if (mode === 'daily') return midnight;
  return new Date(midnight.getTime() + Math.floor(msIntoIndiaDay(now) / HOUR_MS) * HOUR_MS);
}

export type OwnerNotices = ReturnType<typeof createOwnerNotices>;

/**
 * Issue 26: the owner hears of new paid orders, return requests and bulk enquiries by e-mail,
 * through the mail outbox. Immediate: one mail per event, queued in the event's own transaction.
 * Hourly or daily: the event waits in owner_notices and one digest per period takes them all;
 * the digest job runs on every instance, and inserting the period's owner_digests row is the claim
 * that lets exactly one of them send it (the insert and the mail commit together, or neither).
 *
 * WhatsApp to the owner (the messaging module) can hook in at `tell`: same events, same summary.
 */
export function createOwnerNotices({
  db,
  clock,
  mode,
  recipient,
  store,
}: {
  db: Db;
  clock: Clock;
  mode: OwnerNoticeMode;
  /** OWNER_NOTIFY_EMAIL, else the store's customer-care address. */
  recipient: string;
  store: StoreIdentity;
}) {
  const adminLink = (path: string) => absoluteUrl(store, `/admin${path}`);
  return {
    mode,
    adminLink,

    /** Tells the owner of an event, in the caller's transaction (so only what happened is told). */
    async tell(tx: Tx, notice: OwnerNotice, details?: { subject: string; text: string }): Promise<void> {
      const now = clock.now();
      if (mode === 'immediate') {
        await enqueueMail(tx, ownerNoticeMail(notice, recipient, store, details), now);
        return;
      }
      await tx.insert(ownerNotices).values({ ...notice, createdAt: now });
    },

    /**
     * Sends the digest of the last whole period if no instance has yet; notices made before the
     * period's end go in it. Returns how many notices it carried (0: nothing to send, or sent).
     */
    async sendDigest(): Promise<number> {
      if (mode === 'immediate') return 0;
      const periodEnd = digestPeriodEnd(clock.now(), mode);
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
        await enqueueMail(
          tx,
          ownerDigestMail(taken, periodEnd, recipient, adminLink(''), store),
          clock.now(),
        );
        return taken.length;
      });
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
