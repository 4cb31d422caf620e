import { z } from 'zod';
import { SLOT_ZONE_KEYS } from '../timed-slots';
import { Pincode } from './delivery';

// Decision 0073: the owner's timed delivery slots, /api/admin/delivery-slots. Minutes count from
// midnight India time; the form shows them as times of day.

const MINUTES_IN_A_DAY = 24 * 60;
const MAX_FEE_RUPEES = 10_000;
/** A week: a slot that closes earlier than that is never on offer (dates go 7 days ahead). */
const MAX_CUTOFF_MINUTES = 7 * MINUTES_IN_A_DAY;
const MAX_SLOT_PINCODES = 500;

const minuteOfDay = (label: string) =>
  z
    .number({ error: `${label} must be a time of day` })
    .int(`${label} must be a whole minute`)
    .min(0, `${label} must be a time of day`)
    .max(MINUTES_IN_A_DAY, `${label} must be a time of day`);

export const DELIVERY_SLOT_MESSAGES = {
  windowDoesNotFit: 'The first window must end by the slot’s end time',
  servesNowhere: 'Choose the areas or list the pincodes this slot serves',
  notFound: 'This delivery slot no longer exists',
} as const;

export const DeliverySlotInput = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(40, 'Name can be at most 40 characters'),
    startMinute: minuteOfDay('Start'),
    endMinute: minuteOfDay('End'),
    windowMinutes: z
      .number({ error: 'Window length must be a number of minutes' })
      .int('Window length must be whole minutes')
      .min(15, 'Window length must be at least 15 minutes')
      .max(MINUTES_IN_A_DAY, 'Window length can be at most a day'),
    fee: z
      .number({ error: 'Fee must be a number of rupees' })
      .int('Fee must be whole rupees')
      .min(0, 'Fee cannot be negative')
      .max(MAX_FEE_RUPEES, `Fee can be at most ₹${MAX_FEE_RUPEES.toLocaleString('en-IN')}`),
    cutoffMinutes: z
      .number({ error: 'Cut-off must be a number of minutes' })
      .int('Cut-off must be whole minutes')
      .min(0, 'Cut-off cannot be negative')
      .max(MAX_CUTOFF_MINUTES, 'Cut-off can be at most 7 days'),
    zones: z.array(z.enum(SLOT_ZONE_KEYS)).max(SLOT_ZONE_KEYS.length),
    pincodes: z.array(Pincode).max(MAX_SLOT_PINCODES, `At most ${MAX_SLOT_PINCODES} pincodes`),
    weekdays: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one day of the week').max(7),
    active: z.boolean(),
  })
  .refine((slot) => slot.startMinute + slot.windowMinutes <= slot.endMinute, {
    message: DELIVERY_SLOT_MESSAGES.windowDoesNotFit,
    path: ['endMinute'],
  })
  .refine((slot) => slot.zones.length > 0 || slot.pincodes.length > 0, {
    message: DELIVERY_SLOT_MESSAGES.servesNowhere,
    path: ['zones'],
  });
export type DeliverySlotInput = z.infer<typeof DeliverySlotInput>;

export const DeliverySlotRecord = z.object({
  id: z.number(),
  name: z.string(),
  startMinute: z.number(),
  endMinute: z.number(),
  windowMinutes: z.number(),
  fee: z.number(),
  cutoffMinutes: z.number(),
  zones: z.array(z.enum(SLOT_ZONE_KEYS)),
  pincodes: z.array(z.string()),
  weekdays: z.array(z.number()),
  active: z.boolean(),
});
export type DeliverySlotRecord = z.infer<typeof DeliverySlotRecord>;

export const DeliverySlotList = z.object({ slots: z.array(DeliverySlotRecord) });
export type DeliverySlotList = z.infer<typeof DeliverySlotList>;

export const DeliverySlotParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
