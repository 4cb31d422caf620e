import { useState } from 'react';
import { useController } from 'react-hook-form';
import type { DeliverySlotRecord } from '../../../shared/api/delivery-slots';
import { formatInr } from '../../../shared/money';
import {
  cutoffText,
  SLOT_ZONE_KEYS,
  SLOT_ZONES,
  WEEKDAYS,
  windowsOf,
  windowText,
} from '../../../shared/timed-slots';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  CheckboxField,
  CheckboxGroupField,
  FormField,
  SelectField,
  TextAreaField,
} from '../../components/form-field';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { EMPTY_SLOT, slotFormOf, slotInputOf } from './delivery-slot-form-values';
import { useDeleteDeliverySlot, useDeliverySlots, useSaveDeliverySlot } from './delivery-slots-api';

// Decision 0073: the owner's timed delivery slots, each with its windows, fee, cut-off and places.

const checkDeliverySlot = checksOnFirstUse(
  () => import('./delivery-slot-checks'),
  (checks) => checks.checkDeliverySlot,
);

const WINDOW_LENGTHS = [60, 90, 120, 180, 240] as const;

function SlotFormFields({ slot, onDone }: { slot?: DeliverySlotRecord; onDone?: () => void }) {
  const save = useSaveDeliverySlot();
  const [saved, setSaved] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, watch, reset } = useCheckedForm({
    checks: checkDeliverySlot,
    defaultValues: slot ? slotFormOf(slot) : EMPTY_SLOT,
  });
  const errors = formState.errors;
  const zones = useController({ control, name: 'zones' });
  const weekdays = useController({ control, name: 'weekdays' });
  const windows = windowsOf(slotInputOf(watch()));

  const submit = handleSubmit((body) =>
    save.mutate(
      { id: slot?.id ?? null, body },
      {
        onSuccess: ({ slot: stored }) => {
          setSaved(stored.name);
          if (slot) onDone?.();
          else reset(EMPTY_SLOT);
        },
      },
    ),
  );

  return (
    <form
      onSubmit={submit}
      onFocus={checkDeliverySlot.preload}
      noValidate
      aria-label={slot ? `Edit ${slot.name}` : 'New delivery slot'}
      className="grid gap-3 sm:grid-cols-2"
    >
      {errors.root && (
        <div className="sm:col-span-2">
          <ErrorBanner>{errors.root.message}</ErrorBanner>
        </div>
      )}
      <FormField
        label="Name shoppers see"
        required
        maxLength={40}
        placeholder="Fixed time"
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField label="Fee (₹)" inputMode="numeric" error={errors.fee?.message} {...register('fee')} />
      <FormField
        label="First window starts"
        type="time"
        required
        error={errors.start?.message}
        {...register('start')}
      />
      <FormField
        label="Last window ends"
        type="time"
        required
        error={errors.end?.message}
        {...register('end')}
      />
      <SelectField
        label="Each window lasts"
        options={WINDOW_LENGTHS.map((minutes) => ({
          value: String(minutes),
          label:
            minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`,
        }))}
        error={errors.windowMinutes?.message}
        {...register('windowMinutes')}
      />
      <FormField
        label="Closes this many hours before a window starts"
        inputMode="decimal"
        error={errors.cutoffHours?.message}
        {...register('cutoffHours')}
      />
      <p className="text-sm text-stone-700 sm:col-span-2" aria-live="polite">
        {windows.length > 0
          ? `Windows: ${windows.map(windowText).join(', ')}`
          : 'No window fits between the start and the end.'}
      </p>
      <CheckboxGroupField
        legend="Delivered in"
        className="sm:col-span-2"
        options={SLOT_ZONE_KEYS.map((zone) => ({ value: zone, label: SLOT_ZONES[zone] }))}
        value={zones.field.value}
        onChange={zones.field.onChange}
        onBlur={zones.field.onBlur}
        error={errors.zones?.message}
      />
      <TextAreaField
        label="And these pincodes (optional, separated by commas)"
        rows={2}
        error={errors.pincodes?.message}
        {...register('pincodes')}
      />
      <CheckboxGroupField
        legend="Days"
        options={WEEKDAYS.map((day, index) => ({ value: String(index), label: day }))}
        value={weekdays.field.value}
        onChange={weekdays.field.onChange}
        onBlur={weekdays.field.onBlur}
        error={errors.weekdays?.message}
      />
      <CheckboxField label="Offered to shoppers" className="sm:col-span-2" {...register('active')} />
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
