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

// Decision 0082: India time is written for people in one way, with these formatters only: a date,
// a date and time, a time of day, and a calendar day (a delivery day or a report day). Formatters
// are made on first use: this module is in the first bundle, and most pages never write a date.
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (key: string, options: Intl.DateTimeFormatOptions) => {
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-IN', { ...options, timeZone: INDIA_TIME_ZONE });
    formatters.set(key, made);
  }
  return made;
};
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An instant, or an India date 'YYYY-MM-DD' taken at its start; null when unreadable. */
const instantOf = (at: Date | string): Date | null => {
  const instant = typeof at === 'string' && ISO_DATE.test(at) ? indiaDayStart(at) : new Date(at);
  return Number.isNaN(instant.getTime()) ? null : instant;
};
const written = (at: Date | string, key: string, options: Intl.DateTimeFormatOptions) => {
  const instant = instantOf(at);
  return instant ? formatterFor(key, options).format(instant) : '';
};

/** '12 Nov 2026': the India date of an instant, or an India date 'YYYY-MM-DD'; '' when unreadable. */
export const formatIndiaDate = (at: Date | string): string =>
  written(at, 'date', { day: 'numeric', month: 'short', year: 'numeric' });

/** '12 Nov 2026, 4:05 pm': an instant in India time; '' when unreadable. */
export const formatIndiaDateTime = (at: Date | string): string =>
  written(at, 'date-time', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** '4:05 pm': an instant's time of day in India; '' when unreadable. */
export const formatIndiaTime = (at: Date | string): string =>
  written(at, 'time', { hour: 'numeric', minute: '2-digit' });

/** 'Tue, 24 Nov': a calendar day 'YYYY-MM-DD' (a delivery day, a report day); any other text as it is. */
export const formatIndiaDay = (isoDate: string): string =>
  ISO_DATE.test(isoDate)
    ? written(isoDate, 'day', { weekday: 'short', day: 'numeric', month: 'short' })
    : isoDate;

/** '24 Nov': a calendar day 'YYYY-MM-DD' without its weekday ('Today, 24 Nov'). */
export const formatIndiaDayAndMonth = (isoDate: string): string =>
  ISO_DATE.test(isoDate) ? written(isoDate, 'day-month', { day: 'numeric', month: 'short' }) : isoDate;

/** 'September 2026': a calendar month 'YYYY-MM' (a pack's month of manufacture); any other text as it is. */
export const formatIndiaMonth = (yearMonth: string): string =>
  /^\d{4}-\d{2}$/.test(yearMonth)
    ? written(`${yearMonth}-01`, 'month', { month: 'long', year: 'numeric' })
    : yearMonth;

/** The instant of an India wall-clock time: a date 'YYYY-MM-DD' and 'HH:MM[:SS]'; null when unreadable. */
export function instantOfIndiaTime(isoDate: string, time: string): Date | null {
  const at = Date.parse(`${isoDate}T${time.length === 5 ? `${time}:00` : time}Z`);
  return Number.isNaN(at) ? null : new Date(at - IST_OFFSET_MS);
}

/** 'YYYY-MM-DD HH:mm:ss' in India time, as couriers' APIs write a moment (Shiprocket's dates). */
export const indiaWireTime = (instant: Date): string =>
  indiaWallClock(instant).toISOString().slice(0, 19).replace('T', ' ');
