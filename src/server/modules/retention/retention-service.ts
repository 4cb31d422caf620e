import { DAY_MS } from '../../../shared/india-time';
import { RETENTION_DAYS } from '../../../shared/retention';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { deleteSpentEmailChanges } from '../account';
import { deleteEndedSessions, deleteSpentPhoneCodes } from '../auth';
import { eraseMailBodiesBefore } from '../mail';
import { eraseSandboxMessageBodiesBefore } from '../messaging';
import { deleteCheckoutCartsStartedBefore, eraseNotificationBodiesBefore } from '../notifications';
import { deleteReturnPhotosDecidedBefore } from '../returns';

/** Every six hours: a day's erasing is never more than a quarter of a day late, across restarts. */
export const RETENTION_EVERY_MS = 6 * 60 * 60 * 1000;

export type RetentionService = ReturnType<typeof createRetentionService>;

/**
 * Decision 0055: erases what has served its purpose, each kind after its period in
 * src/shared/retention.ts, through the function of the module that owns its table (decision 0094).
 * Every step is one statement on rows past their date, so a run repeated (or run on two instances)
 * erases nothing twice and keeps everything younger.
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
          eraseNotificationBodiesBefore(db, messages),
          eraseMailBodiesBefore(db, messages),
          eraseSandboxMessageBodiesBefore(db, messages),
          deleteCheckoutCartsStartedBefore(db, before(RETENTION_DAYS.abandonedCarts)),
          deleteSpentPhoneCodes(db, now),
          deleteEndedSessions(db, now),
          deleteReturnPhotosDecidedBefore(db, before(RETENTION_DAYS.returnPhotos)),
          deleteSpentEmailChanges(db, now),
        ]);
      return {
        messageBodies: notificationBodies + mailBodies + sandboxBodies,
        abandonedCarts: carts,
        oneTimeCodes: codes,
        sessions: endedSessions,
        returnPhotos: photos,
        emailLinks,
      };
    },
  };
}
