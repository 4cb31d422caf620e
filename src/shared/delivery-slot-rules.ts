import { formatIndiaDay } from './india-time';
import { timedSlotText } from './timed-slots';

// The words of the delivery slots and dates, without Zod, so pages can show them without loading
// it. The rules and schemas are in delivery-dates.ts, which re-exports these.

/** How many dates are offered, counted from the earliest possible one. */
export const DELIVERY_DATE_CHOICES = 7;

export const DELIVERY_DATE_MESSAGES = {
  invalidDate: 'Please choose a valid delivery date',
  preOrder: 'Pre-order items are delivered in the pre-order window, so a delivery date cannot be chosen',
  midnightNotHere: 'The midnight slot is available only at pincodes with same-day delivery',
  noDates: 'Delivery dates are not available for this pincode',
} as const;

export const DELIVERY_SLOTS = {
  standard: 'Standard delivery (9 AM - 9 PM)',
  midnight: 'Midnight delivery (11 PM - 11:59 PM)',
  // Decision 0073: one of the owner's timed slots; its name and window are the order's own.
  timed: 'Timed delivery',
} as const;

/** A timed slot's name and window as an order keeps them (decision 0073). */
export type ChosenWindow = { slotId: number | null; name: string; start: number; end: number };

/** A chosen slot's words: a timed slot by its own name and window, 'Fixed time (9 AM - 11 AM)'. */
export const chosenSlotText = (choice: {
  slot: keyof typeof DELIVERY_SLOTS;
  window?: ChosenWindow | null;
}) =>
  choice.slot === 'timed' && choice.window
    ? timedSlotText(choice.window.name, choice.window)
    : DELIVERY_SLOTS[choice.slot];

/**
 * 'Tue, 24 Nov · Midnight delivery (11 PM - 11:59 PM)' or 'Tue, 24 Nov · Fixed time (11 AM - 1 PM)':
 * a chosen date and slot, as orders, mails and messages show them (decision 0068).
 */
export const deliveryChoiceText = (choice: {
  date: string;
  slot: keyof typeof DELIVERY_SLOTS;
  window?: ChosenWindow | null;
}) => `${formatIndiaDay(choice.date)} · ${chosenSlotText(choice)}`;

/** A slot as offered, chosen or sent: a timed one names its slot and window (decision 0073). */
type SlotPick = {
  slot: keyof typeof DELIVERY_SLOTS;
  slotId?: number | undefined;
  windowStart?: number | undefined;
};

/** Whether two picks are the same slot: for a timed slot, the same slot and the same window. */
export const isSameSlot = (a: SlotPick, b: SlotPick) =>
  a.slot === b.slot && (a.slot !== 'timed' || (a.slotId === b.slotId && a.windowStart === b.windowStart));

/** A key for a pick, unique among a date's offered slots. */
export const slotKeyOf = (pick: SlotPick) =>
  pick.slot === 'timed' ? `timed-${pick.slotId}-${pick.windowStart}` : pick.slot;

/** A chosen date and slot (as an order or checkout holds it) as the pick create-order takes. */
export const pickOfChoice = <Slot extends keyof typeof DELIVERY_SLOTS>(choice: {
  date: string;
  slot: Slot;
  window?: ChosenWindow | null;
}) => ({
  date: choice.date,
  slot: choice.slot,
  ...(choice.slot === 'timed' && choice.window
    ? { slotId: choice.window.slotId ?? undefined, windowStart: choice.window.start }
    : {}),
});

/** An offered slot on a date as the choice checkout holds, with its fee and a timed slot's window. */
export const choiceOfOffer = <Slot extends keyof typeof DELIVERY_SLOTS>(
  date: string,
  offer: {
    slot: Slot;
    fee: number;
    slotId?: number | undefined;
    slotName?: string | undefined;
    windowStart?: number | undefined;
    windowEnd?: number | undefined;
  },
) => ({
  date,
  slot: offer.slot,
  fee: offer.fee,
  ...(offer.slot === 'timed' &&
  offer.slotId !== undefined &&
  offer.slotName !== undefined &&
  offer.windowStart !== undefined &&
  offer.windowEnd !== undefined
    ? {
        window: {
          slotId: offer.slotId,
          name: offer.slotName,
          start: offer.windowStart,
          end: offer.windowEnd,
        },
      }
    : {}),
});
