import { type FormEvent, useId, useState } from 'react';
import type { DeliverySlotInput, DeliverySlotRecord } from '../../../shared/api/delivery-slots';
import { formatInr } from '../../../shared/money';
import {
  cutoffText,
  SLOT_ZONE_KEYS,
  SLOT_ZONES,
  type SlotZone,
  WEEKDAYS,
  windowsOf,
  windowText,
} from '../../../shared/timed-slots';
import { errorMessage, Field, inputClass, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useDeleteDeliverySlot, useDeliverySlots, useSaveDeliverySlot } from './delivery-slots-api';

// Decision 0073: the owner's timed delivery slots, each with its windows, fee, cut-off and places.

const WINDOW_LENGTHS = [60, 90, 120, 180, 240] as const;
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

/** '09:00' as a minute of the day, and back. */
const timeOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

type SlotForm = {
  name: string;
  start: string;
  end: string;
  windowMinutes: string;
  fee: string;
  cutoffHours: string;
  zones: SlotZone[];
  pincodes: string;
  weekdays: number[];
  active: boolean;
};

const EMPTY: SlotForm = {
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

const formOf = (slot: DeliverySlotRecord): SlotForm => ({
  name: slot.name,
  start: timeOf(slot.startMinute),
  end: timeOf(slot.endMinute),
  windowMinutes: String(slot.windowMinutes),
  fee: String(slot.fee),
  cutoffHours: String(slot.cutoffMinutes / 60),
  zones: slot.zones,
  pincodes: slot.pincodes.join(', '),
  weekdays: slot.weekdays,
  active: slot.active,
});

const inputOf = (form: SlotForm): DeliverySlotInput => ({
  name: form.name,
  startMinute: minuteOf(form.start),
  endMinute: minuteOf(form.end),
  windowMinutes: Number(form.windowMinutes),
  fee: Number(form.fee || 0),
  cutoffMinutes: Math.round(Number(form.cutoffHours || 0) * 60),
  zones: form.zones,
  pincodes: form.pincodes.split(/[\s,]+/).filter(Boolean),
  weekdays: form.weekdays,
  active: form.active,
});

const toggled = <T,>(list: readonly T[], value: T, on: boolean) =>
  on ? [...list, value] : list.filter((other) => other !== value);

function SlotFormFields({ slot, onDone }: { slot?: DeliverySlotRecord; onDone?: () => void }) {
  const id = useId();
  const save = useSaveDeliverySlot();
  const [form, setForm] = useState<SlotForm>(slot ? formOf(slot) : EMPTY);
  const [saved, setSaved] = useState<string | null>(null);
  const set =
    (field: 'name' | 'start' | 'end' | 'windowMinutes' | 'fee' | 'cutoffHours' | 'pincodes') =>
    (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [field]: event.target.value }));
  const input = inputOf(form);
  const windows = windowsOf(input);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: slot?.id ?? null, body: input },
      {
        onSuccess: ({ slot: stored }) => {
          setSaved(stored.name);
          if (slot) onDone?.();
          else setForm(EMPTY);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-label={slot ? `Edit ${slot.name}` : 'New delivery slot'}
      className="grid gap-3 sm:grid-cols-2"
    >
      <Field id={`${id}-name`} label="Name shoppers see">
        <input
          id={`${id}-name`}
          required
          maxLength={40}
          placeholder="Fixed time"
          className={inputClass}
          value={form.name}
          onChange={set('name')}
        />
      </Field>
      <Field id={`${id}-fee`} label="Fee (₹)">
        <input
          id={`${id}-fee`}
          inputMode="numeric"
          className={inputClass}
          value={form.fee}
          onChange={set('fee')}
        />
      </Field>
      <Field id={`${id}-start`} label="First window starts">
        <input
          id={`${id}-start`}
          type="time"
          required
          className={inputClass}
          value={form.start}
          onChange={set('start')}
        />
      </Field>
      <Field id={`${id}-end`} label="Last window ends">
        <input
          id={`${id}-end`}
          type="time"
          required
          className={inputClass}
          value={form.end}
          onChange={set('end')}
        />
      </Field>
      <Field id={`${id}-length`} label="Each window lasts">
        <select
          id={`${id}-length`}
          className={inputClass}
          value={form.windowMinutes}
          onChange={set('windowMinutes')}
        >
          {WINDOW_LENGTHS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-cutoff`} label="Closes this many hours before a window starts">
        <input
          id={`${id}-cutoff`}
          inputMode="decimal"
          className={inputClass}
          value={form.cutoffHours}
          onChange={set('cutoffHours')}
        />
      </Field>
      <p className="text-sm text-stone-700 sm:col-span-2" aria-live="polite">
        {windows.length > 0
          ? `Windows: ${windows.map(windowText).join(', ')}`
          : 'No window fits between the start and the end.'}
      </p>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-semibold text-stone-800">Delivered in</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {SLOT_ZONE_KEYS.map((zone) => (
            <label key={zone} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={form.zones.includes(zone)}
                onChange={(event) =>
                  setForm((current) => ({
                    ...current,
                    zones: toggled(current.zones, zone, event.target.checked),
                  }))
                }
              />
              {SLOT_ZONES[zone]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id={`${id}-pincodes`} label="And these pincodes (optional, separated by commas)">
        <textarea
          id={`${id}-pincodes`}
          rows={2}
          className={inputClass}
          value={form.pincodes}
          onChange={set('pincodes')}
        />
      </Field>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-800">Days</legend>
        <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
          {WEEKDAYS.map((day, index) => (
            <label key={day} className="inline-flex min-h-11 items-center gap-1 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={form.weekdays.includes(index)}
                onChange={(event) =>
                  setForm((current) => ({
                    ...current,
                    weekdays: toggled(current.weekdays, index, event.target.checked),
                  }))
                }
              />
              {day}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={form.active}
          onChange={(event) => setForm((current) => ({ ...current, active: event.target.checked }))}
        />
        Offered to shoppers
      </label>
      <div className="flex flex-col gap-2 sm:col-span-2">
        {save.error && <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>}
        {saved && !save.error && !slot && (
          <p role="status" className="text-sm font-semibold text-green-800">
            {saved} saved
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending} className="self-start">
            {slot ? 'Save slot' : 'Add slot'}
          </Button>
          {slot && (
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}

/** '9 AM - 9 PM in 2-hour windows · ₹149 · closes 4 hours before · Same-day area · Every day'. */
function slotSummary(slot: DeliverySlotRecord): string {
  const length =
    slot.windowMinutes % 60 === 0 ? `${slot.windowMinutes / 60}-hour` : `${slot.windowMinutes}-minute`;
  const places = [...slot.zones.map((zone) => SLOT_ZONES[zone]), ...slot.pincodes].join(', ');
  const days =
    slot.weekdays.length === 7 ? 'Every day' : slot.weekdays.map((day) => WEEKDAYS[day]).join(', ');
  return [
    `${windowText({ start: slot.startMinute, end: slot.endMinute })} in ${length} windows`,
    slot.fee > 0 ? formatInr(slot.fee) : 'No fee',
    `closes ${cutoffText(slot.cutoffMinutes)} before`,
    places,
    days,
  ].join(' · ');
}

export function DeliverySlotsView() {
  const slots = useDeliverySlots();
  const remove = useDeleteDeliverySlot();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<DeliverySlotRecord | null>(null);
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700">
        Shoppers see a slot beside standard and midnight delivery at checkout and on the product page, only
        where it serves and until its cut-off. Its fee is its own line on the order and the invoice. Orders
        keep the window they chose when you change or delete a slot.
      </p>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the slot'}?`}
        message="Shoppers will no longer be offered it. Orders already placed keep their window and fee."
        confirmLabel="Delete the slot"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
      {remove.error && <ErrorBanner>{errorMessage(remove.error)}</ErrorBanner>}
      <section className="rounded-xl border border-brand-100 bg-white p-4">
        <h2 className="mb-2 font-bold text-stone-900">New delivery slot</h2>
        <SlotFormFields />
      </section>
      <QueryState isPending={slots.isPending} error={slots.error} label="delivery slots">
        {slots.data?.length === 0 ? (
          <EmptyState title="No timed delivery slots yet">
            Shoppers can choose standard or midnight delivery until you add one.
          </EmptyState>
        ) : (
          <ul
            aria-label="Delivery slots"
            className="divide-y divide-stone-100 rounded-xl border border-brand-100 bg-white"
          >
            {slots.data?.map((slot) =>
              editing === slot.id ? (
                <li key={slot.id} className="p-3">
                  <h3 className="mb-2 font-bold text-stone-900">Edit {slot.name}</h3>
                  <SlotFormFields slot={slot} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li key={slot.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {slot.name}
                      {slot.active ? '' : <span className="font-normal text-stone-600"> · Not offered</span>}
                    </p>
                    <p className="text-sm break-words text-stone-700">{slotSummary(slot)}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${slot.name}`}
                      onClick={() => setEditing(slot.id)}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={`Delete ${slot.name}`}
                      onClick={() => setDeleting(slot)}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              ),
            )}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
