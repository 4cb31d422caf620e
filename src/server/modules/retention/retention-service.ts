import { and, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { DAY_MS } from '../../../shared/india-time';
import { RETENTION_DAYS } from '../../../shared/retention';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { emailChanges } from '../account/tables';
import { CODE_ALLOWANCE } from '../auth';
import { phoneCodes, sessions } from '../auth/tables';
import { mailOutbox } from '../mail/tables';
import { sandboxMessages } from '../messaging/tables';
import { checkoutCarts, notificationOutbox } from '../notifications/tables';
import { returnPhotos, returnRequests } from '../returns/tables';

/** Every six hours: a day's erasing is never more than a quarter of a day late, across restarts. */
export const RETENTION_EVERY_MS = 6 * 60 * 60 * 1000;

export type RetentionService = ReturnType<typeof createRetentionService>;

/**
 * Decision 0055: erases what has served its purpose, each kind after its period in
 * src/shared/retention.ts. Every step is one statement on rows past their date, so a run repeated
 * (or run on two instances) erases nothing twice and keeps everything younger.
 */
export function createRetentionService({ db, clock }: { db: Db; clock: Clock }) {
  const before = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

  return {
    /** Answers how many rows each step touched. */
    async purgeExpired() {
      const now = clock.now();
      const messages = before(RETENTION_DAYS.messageBodies);
      const [notificationBodies, mailBodies, sandboxBodies, carts, codes, endedSessions, photos, emailLinks] =
        await Promise.all([
          db
            .update(notificationOutbox)
            .set({ text: null, details: {} })
            .where(
              and(
                lt(notificationOutbox.createdAt, messages),
                ne(notificationOutbox.status, 'queued'),
                or(isNotNull(notificationOutbox.text), sql`${notificationOutbox.details} <> '{}'::jsonb`),
              ),
            )
            .returning({ id: notificationOutbox.id }),
          db
            .update(mailOutbox)
            .set({ text: '', html: null })
            .where(
              and(
                lt(mailOutbox.createdAt, messages),
                ne(mailOutbox.status, 'queued'),
                or(ne(mailOutbox.text, ''), isNotNull(mailOutbox.html)),
              ),
            )
            .returning({ id: mailOutbox.id }),
          db
            .update(sandboxMessages)
            .set({ text: '', params: [] })
            .where(and(lt(sandboxMessages.createdAt, messages), ne(sandboxMessages.text, '')))
            .returning({ id: sandboxMessages.id }),
          db
            .delete(checkoutCarts)
            .where(lt(checkoutCarts.startedAt, before(RETENTION_DAYS.abandonedCarts)))
            .returning({ userId: checkoutCarts.userId }),
          // A code counts toward its number's and requester's hourly allowance after it expires
          // (decision 0032), so it goes once that hour is over too.
          db
            .delete(phoneCodes)
            .where(lt(phoneCodes.expiresAt, new Date(now.getTime() - CODE_ALLOWANCE.windowSeconds * 1000)))
            .returning({ id: phoneCodes.id }),
          db
            .delete(sessions)
            .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
            .returning({ id: sessions.id }),
          db
            .delete(returnPhotos)
            .where(
              inArray(
                returnPhotos.returnId,
                db
                  .select({ id: returnRequests.id })
                  .from(returnRequests)
                  .where(lt(returnRequests.decidedAt, before(RETENTION_DAYS.returnPhotos))),
              ),
            )
            .returning({ id: returnPhotos.id }),
          // Decision 0075: a new e-mail's link, once used or expired, holds an address for nothing.
          db
            .delete(emailChanges)
            .where(or(lt(emailChanges.expiresAt, now), isNotNull(emailChanges.confirmedAt)))
            .returning({ id: emailChanges.id }),
        ]);
      return {
        messageBodies: notificationBodies.length + mailBodies.length + sandboxBodies.length,
        abandonedCarts: carts.length,
        oneTimeCodes: codes.length,
        sessions: endedSessions.length,
        returnPhotos: photos.length,
        emailLinks: emailLinks.length,
      };
    },
  };
}
