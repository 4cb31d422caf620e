// Issue 13: the words of the delivery slots and dates, without Zod, so pages can show them without
// loading it. The rules and schemas are in delivery-dates.ts, which re-exports these.

/** How many dates are offered, counted from the earliest possible one. */
export const DELIVERY_DATE_CHOICES = 7;

export const DELIVERY_SLOTS = {
  standard: 'Standard delivery (9 AM - 9 PM)',
  midnight: 'Midnight delivery (11 PM - 11:59 PM)',
} as const;

/** 'Tue, 24 Nov', as the checkout names a date ('YYYY-MM-DD'). */
export const formatDeliveryDate = (isoDate: string) =>
  new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));

/** 'Tue, 24 Nov · Midnight delivery (11 PM - 11:59 PM)': a chosen date and slot, as orders show them. */
export const deliveryChoiceText = (choice: { date: string; slot: keyof typeof DELIVERY_SLOTS }) =>
  `${formatDeliveryDate(choice.date)} · ${DELIVERY_SLOTS[choice.slot]}`;
