// India time, the store's calendar (SPEC 9, DESIGN 4): order dates, the same-day cut-off, report
// days, coupon validity, invoice financial years. India has one time zone and no daylight saving,
// so a fixed offset is exact. No Zod here: the web shell uses it in the first bundle.

export const INDIA_TIME_ZONE = 'Asia/Kolkata';
export const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

// SPEC 9 and DESIGN 4: same-day orders must be placed before 2 PM India time.
export const SAME_DAY_CUTOFF_HOUR_IST = 14;
const SAME_DAY_CUTOFF_MS = SAME_DAY_CUTOFF_HOUR_IST * 60 * 60 * 1000;

/** An instant in India's wall-clock time, read with the getUTC* methods. */
const indiaWallClock = (instant: Date) => new Date(instant.getTime() + IST_OFFSET_MS);

/** The India date of an instant (moved by `plusDays` whole days), as 'YYYY-MM-DD'. */
export const indiaDateOf = (instant: Date, plusDays = 0): string =>
  new Date(indiaWallClock(instant).getTime() + plusDays * DAY_MS).toISOString().slice(0, 10);

/** The date `days` after an India date ('YYYY-MM-DD'). */
export const addDays = (isoDate: string, days: number): string =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The instant an India date ('YYYY-MM-DD') begins. */
export const indiaDayStart = (isoDate: string): Date =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) - IST_OFFSET_MS);

/** The instant the India date after `isoDate` begins (the end of `isoDate`, exclusive). */
export const indiaDayEnd = (isoDate: string): Date => new Date(indiaDayStart(isoDate).getTime() + DAY_MS);

/** Milliseconds since midnight India time. */
export const msIntoIndiaDay = (instant: Date): number =>
  ((indiaWallClock(instant).getTime() % DAY_MS) + DAY_MS) % DAY_MS;

/** Whether `now` (from an injected clock) is before the same-day cut-off of its India date. */
export const isBeforeSameDayCutoff = (now: Date): boolean => msIntoIndiaDay(now) < SAME_DAY_CUTOFF_MS;

/** Milliseconds until the same-day answer changes: at the cut-off, then at midnight India time. */
export function msUntilSameDayChange(now: Date): number {
  const into = msIntoIndiaDay(now);
  return into < SAME_DAY_CUTOFF_MS ? SAME_DAY_CUTOFF_MS - into : DAY_MS - into;
}

/** India's year and month (0-11) of an instant. */
export function indiaYearMonth(instant: Date): { year: number; month: number } {
  const india = indiaWallClock(instant);
  return { year: india.getUTCFullYear(), month: india.getUTCMonth() };
}

/** An instant as people read it, in India time: '8 December 2026 at 10:15 am'. */
export const indiaDateTimeText = (instant: Date | string): string =>
  new Date(instant).toLocaleString('en-IN', {
    timeZone: INDIA_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
