import { z } from 'zod';
import type { DeliveryInfo } from './delivery';
import { DELIVERY_MESSAGES } from './delivery-rules';
import {
  type ChosenWindow,
  DELIVERY_DATE_CHOICES,
  DELIVERY_DATE_MESSAGES,
  DELIVERY_SLOTS,
} from './delivery-slot-rules';
import { addDays, formatIndiaDay, indiaDateOf, isBeforeSameDayCutoff } from './india-time';
import { toRupees } from './money';
import { type TimedSlotRule, timedChoiceProblem, timedOffers, timedSlotText, zoneOf } from './timed-slots';

export {
  type ChosenWindow,
  chosenSlotText,
  DELIVERY_DATE_CHOICES,
  DELIVERY_DATE_MESSAGES,
  DELIVERY_SLOTS,
  deliveryChoiceText,
} from './delivery-slot-rules';

// The delivery dates and slots a shopper may choose, from the pincode engine's answer. The product page, checkout and create-order all work them out with these functions.

export const DeliverySlot = z.enum(['standard', 'midnight', 'timed'], {
  error: 'Please choose the standard, the midnight or a timed delivery slot',
});
export type DeliverySlot = z.infer<typeof DeliverySlot>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' naming a real calendar date (not 2026-02-30). */
export const DeliveryDate = z
  .string({ error: DELIVERY_DATE_MESSAGES.invalidDate })
  .max('YYYY-MM-DD'.length, { error: DELIVERY_DATE_MESSAGES.invalidDate, abort: true })
  .refine(
    (value) => ISO_DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    DELIVERY_DATE_MESSAGES.invalidDate,
  );

const MINUTES_IN_A_DAY = 24 * 60;

/** What the shopper chose at checkout; a timed slot (decision 0073) names the slot and its window. */
export const DeliveryChoice = z.object({
  date: DeliveryDate,
  slot: DeliverySlot,
  slotId: z.number().int().positive().max(2_147_483_647).optional(),
  /** The window's start, minutes after midnight India time. */
  windowStart: z.number().int().min(0).max(MINUTES_IN_A_DAY).optional(),
});
export type DeliveryChoice = z.infer<typeof DeliveryChoice>;

/** The window of a timed slot an order keeps: its name and times as chosen, whatever the owner edits later. */
export const ChosenWindowRecord = z.object({
  slotId: z.number().nullable(),
  name: z.string(),
  start: z.number(),
  end: z.number(),
});

/** An order's chosen date and slot as the API returns them: null when none was chosen. */
export const DeliveryChoiceRecord = z.object({
  date: z.string(),
  slot: DeliverySlot,
  /** The slot's fee in rupees, already included in the order's shippingCost. */
  fee: z.number().nonnegative(),
  /** A timed slot's name and window (decision 0073); absent or null for standard and midnight. */
  window: ChosenWindowRecord.nullable().optional(),
});
export type DeliveryChoiceRecord = z.infer<typeof DeliveryChoiceRecord>;

export const DeliverySlotOption = z.object({
  slot: DeliverySlot,
  label: z.string(),
  /** Extra charge for the slot, in rupees (0 for standard). */
  fee: z.number().nonnegative(),
  /** A timed slot's id, name and window (decision 0073). */
  slotId: z.number().optional(),
  slotName: z.string().optional(),
  windowStart: z.number().optional(),
  windowEnd: z.number().optional(),
});
export type DeliverySlotOption = z.infer<typeof DeliverySlotOption>;

export const DeliveryDateOption = z.object({
  date: z.string(),
  slots: z.array(DeliverySlotOption),
});
export type DeliveryDateOption = z.infer<typeof DeliveryDateOption>;

/** GET /pincodes/delivery-dates/:pincode; no dates for a pre-order, which ships in its window. */
export const DeliveryDates = z.object({
  /** The India date by the server's clock, so 'Today' and 'Tomorrow' do not hang on the device's. */
  today: z.string(),
  type: z.string(),
  days: z.string(),
  dates: z.array(DeliveryDateOption),
});
export type DeliveryDates = z.infer<typeof DeliveryDates>;

/**
 * The engine's answer the dates follow from. `inSameDayArea` stays true after the 14:00 cut-off
 * (the answer is then next_day), so the midnight slot is still offered for tomorrow.
 */
export type DeliveryBasis = {
  info: Pick<DeliveryInfo, 'serviceable' | 'type' | 'days' | 'isPreOrder'>;
  inSameDayArea: boolean;
};

/** The owner's timed slots and the pincode they are offered at (decision 0073). */
export type TimedSlotsAt = { slots: readonly TimedSlotRule[]; pincode: string };

const placeOf = (basis: DeliveryBasis, pincode: string) => ({
  pincode,
  zone: zoneOf({ inSameDayArea: basis.inSameDayArea, type: basis.info.type }),
});

/**
 * Days from today (India time) to the earliest delivery: 0 for same-day, 1 for next-day, the first
 * number of a standard range ('2-4 Days' → 2). Null when no date can be chosen.
 */
function earliestOffset({ info }: DeliveryBasis, now: Date): number | null {
  if (!info.serviceable || info.isPreOrder) return null;
  if (info.type === 'same_day') return isBeforeSameDayCutoff(now) ? 0 : 1;
  if (info.type === 'next_day') return 1;
  if (info.type !== 'standard') return null;
  const first = /^(\d+)/.exec(info.days.trim());
  return first ? Number(first[1]) : null;
}

/** The first date that can still be chosen, 'YYYY-MM-DD'; null when none can. */
export function earliestDeliveryDate(basis: DeliveryBasis, now: Date): string | null {
  const offset = earliestOffset(basis, now);
  return offset === null ? null : addDays(indiaDateOf(now), offset);
}

const slotsFor = (basis: DeliveryBasis, midnightFeeRupees: number): DeliverySlotOption[] => [
  { slot: 'standard', label: DELIVERY_SLOTS.standard, fee: 0 },
  ...(basis.inSameDayArea
    ? [{ slot: 'midnight' as const, label: DELIVERY_SLOTS.midnight, fee: midnightFeeRupees }]
    : []),
];

/** A timed window on offer, as the dates list it: 'Fixed time (9 AM - 11 AM)'. */
const timedOptionsOn = (
  basis: DeliveryBasis,
  date: string,
  now: Date,
  timed: TimedSlotsAt | undefined,
): DeliverySlotOption[] =>
  timed
    ? timedOffers(timed.slots, placeOf(basis, timed.pincode), date, now).map(({ slot, window }) => ({
        slot: 'timed' as const,
        label: timedSlotText(slot.name, window),
        fee: toRupees(slot.feePaise),
        slotId: slot.id,
        slotName: slot.name,
        windowStart: window.start,
        windowEnd: window.end,
      }))
    : [];

/**
 * The dates (DELIVERY_DATE_CHOICES of them from the earliest) and the slots of each: standard,
 * midnight where it is offered, and the owner's timed windows still open (decision 0073).
 */
export function deliveryDateOptions(
  basis: DeliveryBasis,
  now: Date,
  midnightFeeRupees: number,
  timed?: TimedSlotsAt,
): DeliveryDateOption[] {
  const earliest = earliestDeliveryDate(basis, now);
  if (earliest === null) return [];
  const slots = slotsFor(basis, midnightFeeRupees);
  return Array.from({ length: DELIVERY_DATE_CHOICES }, (_, index) => {
    const date = addDays(earliest, index);
    return { date, slots: [...slots, ...timedOptionsOn(basis, date, now, timed)] };
  });
}

/** The extra charge of a slot, in rupees. */
export const slotFeeRupees = (slot: DeliverySlot, midnightFeeRupees: number) =>
  slot === 'midnight' ? midnightFeeRupees : 0;

/**
 * Why a chosen date and slot can no longer be delivered (a message for the shopper), or null when
 * it can. Create-order asks this again with its own clock, so a page left open past 2 PM is caught.
 */
export function deliveryChoiceProblem(
  choice: DeliveryChoice,
  basis: DeliveryBasis,
  now: Date,
  timed?: TimedSlotsAt,
): string | null {
  if (basis.info.isPreOrder) return DELIVERY_DATE_MESSAGES.preOrder;
  if (!basis.info.serviceable) return DELIVERY_MESSAGES.unserviceable;
  if (!DeliveryDate.safeParse(choice.date).success) return DELIVERY_DATE_MESSAGES.invalidDate;
  const earliest = earliestDeliveryDate(basis, now);
  if (earliest === null) return DELIVERY_DATE_MESSAGES.noDates;
  if (choice.date < earliest) {
    const today = indiaDateOf(now);
    if (choice.date === today && basis.inSameDayArea) {
      return `Same-day delivery closes at 2 PM India time. Please choose ${formatIndiaDay(earliest)} or later`;
    }
    return `The earliest delivery date for this pincode is ${formatIndiaDay(earliest)}`;
  }
  const latest = addDays(earliest, DELIVERY_DATE_CHOICES - 1);
  if (choice.date > latest) {
    return `Delivery dates can be chosen up to ${formatIndiaDay(latest)}`;
  }
  if (choice.slot === 'midnight' && !basis.inSameDayArea) return DELIVERY_DATE_MESSAGES.midnightNotHere;
  if (choice.slot === 'timed') {
    return timedChoiceProblem(choice, timed?.slots ?? [], placeOf(basis, timed?.pincode ?? ''), now);
  }
  return null;
}

/** An order's stored choice of day, slot and timed window (the order's columns). */
export type StoredDeliveryChoice = {
  deliveryDate: string | null;
  deliverySlot: string | null;
  deliverySlotId: number | null;
  deliverySlotName: string | null;
  deliveryWindowStart: number | null;
  deliveryWindowEnd: number | null;
};

/**
 * The day and slot an order was promised, from what it stores: a timed slot with its name and
 * window as chosen (decision 0073); null when no day was chosen. Its record, mails and messages
 * all read it, so they say one promise (decision 0068).
 */
export function chosenDeliveryOf(
  stored: StoredDeliveryChoice,
): { date: string; slot: DeliverySlot; window?: ChosenWindow } | null {
  const slot = DeliverySlot.safeParse(stored.deliverySlot);
  if (stored.deliveryDate === null || !slot.success) return null;
  const hasWindow =
    stored.deliverySlotName !== null &&
    stored.deliveryWindowStart !== null &&
    stored.deliveryWindowEnd !== null;
  return {
    date: stored.deliveryDate,
    slot: slot.data,
    ...(hasWindow
      ? {
          window: {
            slotId: stored.deliverySlotId,
            name: stored.deliverySlotName ?? '',
            start: stored.deliveryWindowStart ?? 0,
            end: stored.deliveryWindowEnd ?? 0,
          },
        }
      : {}),
  };
}
