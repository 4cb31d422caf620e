import { DAY_MS, indiaDayStart } from './india-time';
import type { Paise } from './money';

// Decision 0073: the owner's timed delivery slots ("Fixed time" in 2-hour windows from 9 AM to
// 9 PM, "Early morning" 7-9 AM), each with its fee, the places it serves and its own cut-off. The
// product page, checkout and create-order work out what is on offer with these functions. No Zod
// here: the product page shows the words without loading it.

/** The store's own delivery areas a slot may serve (DESIGN 4): couriers keep no time windows. */
export const SLOT_ZONE_KEYS = ['same_day', 'next_day'] as const;
export type SlotZone = (typeof SLOT_ZONE_KEYS)[number];
export const SLOT_ZONES: Readonly<Record<SlotZone, string>> = {
  same_day: 'Same-day area (the store’s city)',
  next_day: 'Next-day area (nearby)',
};

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** A timed slot as the owner defines it; minutes count from midnight, India time. */
export type TimedSlotRule = {
  id: number;
  name: string;
  /** When the first window starts and the last one ends. */
  startMinute: number;
  endMinute: number;
  /** The length of each window: 120 gives 9-11, 11-1, … */
  windowMinutes: number;
  feePaise: Paise;
  /** A window closes this long before it starts (4 hours for a fixed-time slot). */
  cutoffMinutes: number;
  zones: readonly SlotZone[];
  /** Pincodes served besides the zones. */
  pincodes: readonly string[];
  /** Days of the week it runs, 0 = Sunday. */
  weekdays: readonly number[];
  active: boolean;
};

export type SlotWindow = { start: number; end: number };

/** The windows of a slot, in order: as many whole windows as fit between its start and end. */
export function windowsOf(
  slot: Pick<TimedSlotRule, 'startMinute' | 'endMinute' | 'windowMinutes'>,
): SlotWindow[] {
  if (slot.windowMinutes <= 0) return [];
  const windows: SlotWindow[] = [];
  for (
    let start = slot.startMinute;
    start + slot.windowMinutes <= slot.endMinute;
    start += slot.windowMinutes
  ) {
    windows.push({ start, end: start + slot.windowMinutes });
  }
  return windows;
}

/** '9 AM', '11:30 AM', '12 PM', '9 PM': a minute of the day as the store says it. */
export function minuteText(minute: number): string {
  const hour24 = Math.floor(minute / 60) % 24;
  const minutes = minute % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  const suffix = hour24 < 12 ? 'AM' : 'PM';
  return minutes === 0 ? `${hour12} ${suffix}` : `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** '9 AM - 11 AM'. */
export const windowText = (window: SlotWindow) => `${minuteText(window.start)} - ${minuteText(window.end)}`;

/** 'Fixed time (9 AM - 11 AM)': a slot and its window, as every page, mail and message says it. */
export const timedSlotText = (name: string, window: SlotWindow) => `${name} (${windowText(window)})`;

/** The delivery area a pincode's answer puts it in, for the slots that serve areas. */
export const zoneOf = (basis: { inSameDayArea: boolean; type: string }): SlotZone | null =>
  basis.inSameDayArea ? 'same_day' : basis.type === 'next_day' ? 'next_day' : null;

export const servesPlace = (
  slot: Pick<TimedSlotRule, 'zones' | 'pincodes'>,
  place: { pincode: string; zone: SlotZone | null },
) => slot.pincodes.includes(place.pincode) || (place.zone !== null && slot.zones.includes(place.zone));

/** The day of the week of an India date ('YYYY-MM-DD'), 0 = Sunday. */
export const weekdayOf = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

/** The instant a window on an India date stops taking orders: its cut-off before it starts. */
export const windowClosesAt = (isoDate: string, window: SlotWindow, cutoffMinutes: number): Date =>
  new Date(indiaDayStart(isoDate).getTime() + (window.start - cutoffMinutes) * 60_000);

/** '4 hours', '90 minutes', '1 day': a cut-off as the owner and the shopper read it. */
export function cutoffText(minutes: number): string {
  if (minutes % (DAY_MS / 60_000) === 0 && minutes > 0) {
    const days = minutes / (DAY_MS / 60_000);
    return `${days} day${days === 1 ? '' : 's'}`;
  }
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `${minutes} minutes`;
}

/** One window of one slot on one date that a shopper may choose now. */
export type TimedOffer = { slot: TimedSlotRule; window: SlotWindow };

/**
 * The windows on offer on `isoDate` at this place, as of `now`: active slots that serve the
 * pincode or its area on that day of the week, each window until its cut-off.
 */
export function timedOffers(
  slots: readonly TimedSlotRule[],
  place: { pincode: string; zone: SlotZone | null },
  isoDate: string,
  now: Date,
): TimedOffer[] {
  const weekday = weekdayOf(isoDate);
  return slots
    .filter((slot) => slot.active && servesPlace(slot, place) && slot.weekdays.includes(weekday))
    .flatMap((slot) =>
      windowsOf(slot)
        .filter((window) => windowClosesAt(isoDate, window, slot.cutoffMinutes).getTime() > now.getTime())
        .map((window) => ({ slot, window })),
    )
    .sort((a, b) => a.window.start - b.window.start || a.slot.id - b.slot.id);
}

export const TIMED_SLOT_MESSAGES = {
  chooseWindow: 'Please choose a time window for the timed delivery slot',
  gone: 'This delivery slot is no longer offered. Please choose another slot',
  notAWindow: 'Please choose one of the slot’s time windows',
} as const;

/**
 * Why a timed slot's window cannot be promised (a message for the shopper), or null when it can.
 * Create-order asks this with its own clock, so a window whose cut-off passed while the page was
 * open is refused, not delivered late.
 */
export function timedChoiceProblem(
  choice: { date: string; slotId?: number | undefined; windowStart?: number | undefined },
  slots: readonly TimedSlotRule[],
  place: { pincode: string; zone: SlotZone | null },
  now: Date,
): string | null {
  if (choice.slotId === undefined || choice.windowStart === undefined)
    return TIMED_SLOT_MESSAGES.chooseWindow;
  const slot = slots.find((candidate) => candidate.id === choice.slotId && candidate.active);
  if (!slot) return TIMED_SLOT_MESSAGES.gone;
  if (!servesPlace(slot, place)) {
    return `${slot.name} delivery is not offered at pincode ${place.pincode}. Please choose another slot`;
  }
  const window = windowsOf(slot).find((candidate) => candidate.start === choice.windowStart);
  if (!window) return TIMED_SLOT_MESSAGES.notAWindow;
  if (!slot.weekdays.includes(weekdayOf(choice.date))) {
    return `${slot.name} delivery is not offered on ${WEEKDAYS[weekdayOf(choice.date)]}days. Please choose another day or slot`;
  }
  if (windowClosesAt(choice.date, window, slot.cutoffMinutes).getTime() <= now.getTime()) {
    return `${timedSlotText(slot.name, window)} closes ${cutoffText(slot.cutoffMinutes)} before it starts. Please choose a later window`;
  }
  return null;
}
