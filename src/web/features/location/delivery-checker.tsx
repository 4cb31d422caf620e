import { type ReactNode, useEffect, useId, useState } from 'react';
import type { DeliveryInfo } from '../../../shared/delivery';
import {
  arrivalPhrase,
  DELIVERY_MESSAGES,
  notDeliverableTo,
  withPreOrderWindow,
} from '../../../shared/delivery-rules';
import { ErrorBanner, Spinner } from '../../components/status-message';
import { FALLBACK_SHIPPING_QUOTE } from './delivery-lookups';
import { MapPinIcon, TruckIcon } from './location-icons';
import { answerFor, deliveryPhase } from './location-store';
import { PincodeForm } from './pincode-form';
import { useLocationState, useShippingQuote } from './use-location-state';

/** SPEC 4: the fallback's shipping message reads 'calculated at checkout'; said as a sentence here. */
export function shippingText(message: string): string {
  return message === FALLBACK_SHIPPING_QUOTE.message ? 'Shipping calculated at checkout' : message;
}

/**
 * What the checker shows for the pincode in its field: the pincode it says is delivered to (not a
 * check that failed, whose estimate is the SPEC 4 fallback), and whether it says that pincode is
 * not delivered to (SPEC 8).
 */
export type ShownDelivery = { deliverablePincode: string | null; refused: boolean };

/**
 * The product page's delivery checker (SPEC 2, 4, 5, 8): a pincode field whose answer is the shared
 * location, so a pincode checked here is the one the rest of the store uses. `orderValue` (rupees)
 * quotes shipping for what is being bought; a pre-order product shows the pre-order window.
 * `children` go under the answer, inside the box (the product page's earliest delivery date), and
 * are given what the box shows, so nothing under it can contradict the answer above.
 */
export function DeliveryChecker({
  productIsPreOrder = false,
  orderValue,
  compact = false,
  children,
}: {
  productIsPreOrder?: boolean;
  orderValue?: number;
  compact?: boolean;
  children?: (shown: ShownDelivery) => ReactNode;
}) {
  const location = useLocationState();
  const [input, setInput] = useState(location.pincode ?? '');
  const headingId = useId();

  // A pincode chosen elsewhere (the location modal, another tab) shows here too; a refused one
  // gives the location back without taking the refused pincode out of the field.
  const { pincode: chosen, refused } = location;
  useEffect(() => {
    if (chosen !== null && refused === null) setInput(chosen);
  }, [chosen, refused]);

  const phase = deliveryPhase(input, location);
  const baseInfo = phase === 'serviceable' || phase === 'unserviceable' ? answerFor(input, location) : null;
  const info = baseInfo && productIsPreOrder ? withPreOrderWindow(baseInfo) : baseInfo;
  const quote = useShippingQuote(
    phase === 'serviceable' && !location.failed ? location.pincode : null,
    orderValue,
  );
  const shippingMessage = quote.data?.message ?? info?.shipping.message ?? '';

  const onChange = (next: string) => {
    setInput(next);
    // SPEC 4: a change below 6 digits clears the result.
    if (next.length < 6 && location.pincode !== null) location.clearLocation();
  };

  return (
    <section
      aria-labelledby={headingId}
      className={compact ? 'space-y-2' : 'space-y-3 rounded-xl border border-brand-100 bg-brand-50/60 p-4'}
    >
      <h2
        id={headingId}
        className={compact ? 'sr-only' : 'flex items-center gap-2 text-base font-bold text-stone-900'}
      >
        <TruckIcon className="h-5 w-5 text-brand-600" />
        Check delivery
      </h2>
      <PincodeForm
        value={input}
        onChange={onChange}
        onSubmit={(pincode) => void location.setPincode(pincode)}
        submitLabel="Check"
        busy={phase === 'checking'}
        compact={compact}
      />
      <div aria-live="polite" className="text-sm">
        {phase === 'checking' && (
          <p className="flex items-center gap-2 text-stone-600">
            <Spinner label="Checking delivery" />
            Checking delivery…
          </p>
        )}
        {info && location.failed && phase === 'serviceable' && (
          <LookupFailed info={info} pincode={input} compact={compact} />
        )}
        {info && !location.failed && phase === 'serviceable' && (
          <Serviceable info={info} pincode={input} shippingMessage={shippingMessage} compact={compact} />
        )}
        {info && phase === 'unserviceable' && <Unserviceable info={info} pincode={input} compact={compact} />}
      </div>
      {children?.({
        deliverablePincode: phase === 'serviceable' && !location.failed ? input : null,
        refused: phase === 'unserviceable',
      })}
    </section>
  );
}

/** With the space before it in the text, so it reads 'Today (Express)', not 'Today(Express)'. */
function ExpressBadge() {
  return (
    <>
      {' '}
      <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-bold text-green-800">(Express)</span>
    </>
  );
}

function Serviceable({
  info,
  pincode,
  shippingMessage,
  compact,
}: {
  info: DeliveryInfo;
  pincode: string;
  shippingMessage: string;
  compact: boolean;
}) {
  if (compact) {
    return (
      <p className="text-stone-800">
        <span className="font-semibold">{info.days}</span> to {info.city || pincode}
        {info.fastDelivery && <ExpressBadge />}
        <span className="text-stone-600"> · {shippingText(shippingMessage)}</span>
      </p>
    );
  }
  return (
    <div className="space-y-1 text-stone-800">
      <p className="flex items-center gap-1.5 font-semibold text-green-800">
        <MapPinIcon className="h-4 w-4" />
        Delivering to {info.city || pincode} ({pincode})
      </p>
      <p>
        Estimated delivery: <span className="font-semibold">{info.days}</span>
        {info.fastDelivery && <ExpressBadge />}
      </p>
      <p className="text-stone-600">{info.message}</p>
      <p className="font-medium text-brand-800">{shippingText(shippingMessage)}</p>
    </div>
  );
}

function Unserviceable({
  info,
  pincode,
  compact,
}: {
  info: DeliveryInfo;
  pincode: string;
  compact: boolean;
}) {
  // SPEC 8: compact 'Not available'; full 'Not deliverable to {pincode}' with the server's reason.
  if (compact) return <p className="font-semibold text-red-700">{DELIVERY_MESSAGES.unserviceableCompact}</p>;
  return (
    <div className="space-y-1">
      <p className="font-semibold text-red-700">{notDeliverableTo(pincode)}</p>
      <p className="text-stone-700">{info.message}</p>
      <p className="text-stone-600">{info.shipping.message}</p>
    </div>
  );
}

function LookupFailed({ info, pincode, compact }: { info: DeliveryInfo; pincode: string; compact: boolean }) {
  // SPEC 4 and 8: the check failed with nothing cached; the standard estimate stands in.
  return (
    <div className="space-y-2">
      <ErrorBanner>{DELIVERY_MESSAGES.checkFailed}</ErrorBanner>
      {!compact && (
        <p className="text-stone-700">
          {info.isPreOrder
            ? `Pre-orders to ${info.city} (${pincode}) are delivered ${arrivalPhrase(info.days)}.`
            : `Orders to ${info.city} (${pincode}) are usually ${DELIVERY_MESSAGES.lookupFailedEstimate}.`}{' '}
          {shippingText(info.shipping.message)}.
        </p>
      )}
    </div>
  );
}
