import { type ReactNode, useId } from 'react';
import type {
  DeliveryChoice,
  DeliveryChoiceRecord,
  DeliveryDateOption,
  DeliveryDates,
} from '../../../shared/delivery-dates';
import { arrivalPhrase } from '../../../shared/delivery-rules';
import {
  DELIVERY_DATE_MESSAGES,
  isSameSlot,
  pickOfChoice,
  slotKeyOf,
} from '../../../shared/delivery-slot-rules';
import { formatInr } from '../../../shared/money';
import { PRE_ORDER_DAYS_CHECKOUT } from '../../../shared/pincode';
import { ApiError } from '../../api/client';
import { Button } from '../../components/button';
import { RadioOption } from '../../components/form-field';
import { ErrorBanner, Spinner } from '../../components/status-message';
import { deliveryDateLabel } from './delivery-date-labels';

/** What the picker needs of the dates query (useDeliveryDates). */
export type DeliveryDatesLookup = {
  data: DeliveryDates | undefined;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
};

const optionClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-brand-100 px-3 py-2 text-sm text-stone-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600';

function Choice({
  name,
  label,
  checked,
  onSelect,
}: {
  name: string;
  label: string;
  checked: boolean;
  onSelect(): void;
}) {
  return (
    <RadioOption
      optionClassName={optionClass}
      name={name}
      checked={checked}
      onChange={onSelect}
      label={<span>{label}</span>}
    />
  );
}

const slotText = (slot: DeliveryDateOption['slots'][number]) =>
  slot.fee > 0 ? `${slot.label} · ${formatInr(slot.fee)} extra` : slot.label;

/** The slot kept when the date changes, when the new date offers it; else the first (standard). */
function choiceOn(option: DeliveryDateOption, current: DeliveryChoiceRecord | null): DeliveryChoice | null {
  const kept = current ? pickOfChoice(current) : null;
  const slot =
    option.slots.find((candidate) => kept !== null && isSameSlot(candidate, kept)) ?? option.slots[0];
  return slot ? pickOf(option.date, slot) : null;
}

/** What create-order takes of an offered slot: a timed one with its slot and window (decision 0073). */
const pickOf = (date: string, slot: DeliveryDateOption['slots'][number]): DeliveryChoice => ({
  date,
  slot: slot.slot,
  ...(slot.slot === 'timed' ? { slotId: slot.slotId, windowStart: slot.windowStart } : {}),
});

function DateAndSlot({
  offer,
  value,
  onChange,
}: {
  offer: DeliveryDates;
  value: DeliveryChoiceRecord | null;
  onChange(choice: DeliveryChoice | null): void;
}) {
  const name = useId();
  const chosenDate = value ? offer.dates.find((option) => option.date === value.date) : undefined;
  return (
    <div className="mt-3 flex flex-col gap-4">
      <fieldset>
        <legend className="text-sm font-semibold text-stone-800">Choose a day</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          <Choice
            name={`${name}-date`}
            label="Earliest available"
            checked={value === null}
            onSelect={() => onChange(null)}
          />
          {offer.dates.map((option) => (
            <Choice
              key={option.date}
              name={`${name}-date`}
              label={deliveryDateLabel(option.date, offer.today)}
              checked={value?.date === option.date}
              onSelect={() => onChange(choiceOn(option, value))}
            />
          ))}
        </div>
      </fieldset>
      {chosenDate && value && (
        <fieldset>
          <legend className="text-sm font-semibold text-stone-800">Choose a time</legend>
          <div className="mt-2 flex flex-col gap-2">
            {chosenDate.slots.map((slot) => (
              <Choice
                key={slotKeyOf(slot)}
                name={`${name}-slot`}
                label={slotText(slot)}
                checked={isSameSlot(slot, pickOfChoice(value))}
                onSelect={() => onChange(pickOf(chosenDate.date, slot))}
              />
            ))}
          </div>
        </fieldset>
      )}
      {value === null && (
        <p className="text-sm text-stone-600">
          Without a chosen day, your order arrives {arrivalPhrase(offer.days)}.
        </p>
      )}
    </div>
  );
}

/**
 * The room of the day grid and of the line under it while the dates load, so what follows the
 * picker (Gift Options, Order updates) does not jump down when they arrive (Core Web Vitals CLS).
 */
function LoadingDates() {
  return (
    <div className="mt-3 flex flex-col gap-4">
      <div>
        <p className="flex items-center gap-2 text-sm text-stone-600">
          <Spinner label="Loading delivery dates" />
          Loading delivery dates...
        </p>
        <div aria-hidden="true" className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {/* "Earliest available" and the week the server offers. */}
          {[0, 1, 2, 3, 4, 5, 6, 7].map((placeholder) => (
            <div key={placeholder} className="h-11 animate-pulse rounded-lg bg-brand-100" />
          ))}
        </div>
      </div>
      <div aria-hidden="true" className="h-10 sm:h-5" />
    </div>
  );
}

/**
 * The delivery day and time at checkout (and again on the payment page when the server
 * refused a day that has passed). `pincode` is null until an address is chosen; an order with a
 * pre-order line ships in the pre-order window, so it gets no choice.
 */
export function DeliveryDatePicker({
  title = 'Delivery date',
  pincode,
  addressLoading = false,
  hasPreOrder,
  lookup,
  value,
  onChange,
}: {
  title?: string;
  pincode: string | null;
  /** The saved addresses are still loading: their pincode's dates come next, so their room is held. */
  addressLoading?: boolean;
  hasPreOrder: boolean;
  lookup: DeliveryDatesLookup;
  value: DeliveryChoiceRecord | null;
  onChange(choice: DeliveryChoice | null): void;
}) {
  const titleId = useId();
  let body: ReactNode;
  if (hasPreOrder) {
    body = (
      <p className="mt-2 text-sm text-stone-700">
        Your order has pre-order items, delivered in {PRE_ORDER_DAYS_CHECKOUT}, so a delivery date cannot be
        chosen.
      </p>
    );
  } else if (pincode === null && addressLoading) {
    body = <LoadingDates />;
  } else if (pincode === null) {
    body = (
      <p className="mt-2 text-sm text-stone-700">Select a delivery address to choose a delivery date.</p>
    );
  } else if (lookup.isError) {
    const reason =
      lookup.error instanceof ApiError && lookup.error.status !== 0 ? ` ${lookup.error.message}.` : '';
    body = (
      <div className="mt-2 flex flex-col gap-2">
        <ErrorBanner>Delivery dates could not be loaded.{reason}</ErrorBanner>
        <p className="text-sm text-stone-600">
          You can still place the order: it arrives in the usual time for your pincode.
        </p>
        <Button variant="secondary" className="self-start" onClick={() => void lookup.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!lookup.data) {
    body = <LoadingDates />;
  } else if (lookup.data.dates.length === 0) {
    const { days } = lookup.data;
    body = (
      <p className="mt-2 text-sm text-stone-700">
        {days && days !== 'N/A'
          ? `Your order arrives ${arrivalPhrase(days)}; a date cannot be chosen for pincode ${pincode}.`
          : `${DELIVERY_DATE_MESSAGES.noDates}.`}
      </p>
    );
  } else {
    body = <DateAndSlot offer={lookup.data} value={value} onChange={onChange} />;
  }
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <h2 id={titleId} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      {body}
    </section>
  );
}
