import type { DeliverySlotInput, DeliverySlotRecord } from '../../../shared/api/delivery-slots';
import type { SlotZone } from '../../../shared/timed-slots';

// A delivery slot as its form holds it and the slot it makes, without Zod: the form needs them to
// open and to show its windows, its checks (delivery-slot-checks.ts, loaded on first use) to check.

export type SlotForm = {
  name: string;
  start: string;
  end: string;
  windowMinutes: string;
  fee: string;
  cutoffHours: string;
  zones: SlotZone[];
  pincodes: string;
  /** The ticked days as their numbers' text (0 is Sunday), as the tick boxes hold them. */
  weekdays: string[];
  active: boolean;
};

const ALL_DAYS = ['0', '1', '2', '3', '4', '5', '6'];

/** '09:00' as a minute of the day, and back. */
const timeOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

export const EMPTY_SLOT: SlotForm = {
  name: '',
  start: '09:00',
  end: '21:00',
  windowMinutes: '120',
  fee: '',
  cutoffHours: '4',
  zones: ['same_day'],
  pincodes: '',
  weekdays: ALL_DAYS,
  active: true,
};

export const slotFormOf = (slot: DeliverySlotRecord): SlotForm => ({
  name: slot.name,
  start: timeOf(slot.startMinute),
  end: timeOf(slot.endMinute),
  windowMinutes: String(slot.windowMinutes),
  fee: String(slot.fee),
  cutoffHours: String(slot.cutoffMinutes / 60),
  zones: slot.zones,
  pincodes: slot.pincodes.join(', '),
  weekdays: slot.weekdays.map(String),
  active: slot.active,
});

export const slotInputOf = (form: SlotForm): DeliverySlotInput => ({
  name: form.name,
  startMinute: minuteOf(form.start),
  endMinute: minuteOf(form.end),
  windowMinutes: Number(form.windowMinutes),
  fee: Number(form.fee || 0),
  cutoffMinutes: Math.round(Number(form.cutoffHours || 0) * 60),
  zones: form.zones,
  pincodes: form.pincodes.split(/[\s,]+/).filter(Boolean),
  // In the week's order, however they were ticked.
  weekdays: form.weekdays.map(Number).sort((a, b) => a - b),
  active: form.active,
});

const FORM_FIELDS: Record<keyof DeliverySlotInput, keyof SlotForm> = {
  name: 'name',
  startMinute: 'start',
  endMinute: 'end',
  windowMinutes: 'windowMinutes',
  fee: 'fee',
  cutoffMinutes: 'cutoffHours',
  zones: 'zones',
  pincodes: 'pincodes',
  weekdays: 'weekdays',
  active: 'active',
};

/** Where a rule of the slot shows in the form: the end time's field for endMinute, and so on. */
export const slotFormFieldOf = (name: PropertyKey | undefined): keyof SlotForm =>
  Object.entries(FORM_FIELDS).find(([key]) => key === name)?.[1] ?? 'name';
