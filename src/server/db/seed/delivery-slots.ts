import type { deliverySlots } from '../schema';

// Decision 0073: a new store offers timed slots at its same-day pincodes at once, as India's
// gifting leaders do on every gift: fixed time in 2-hour windows from 9 AM to 9 PM, closing 4 hours
// before each starts, and early morning, 7-9 AM, closing at 7 PM the evening before.
export const DEMO_DELIVERY_SLOTS: readonly (typeof deliverySlots.$inferInsert)[] = [
  {
    name: 'Fixed time',
    startMinute: 9 * 60,
    endMinute: 21 * 60,
    windowMinutes: 120,
    feePaise: 149_00,
    cutoffMinutes: 4 * 60,
    zones: ['same_day'],
  },
  {
    name: 'Early morning',
    startMinute: 7 * 60,
    endMinute: 9 * 60,
    windowMinutes: 120,
    feePaise: 249_00,
    cutoffMinutes: 12 * 60,
    zones: ['same_day'],
  },
];
