import { useState } from 'react';
import { DELIVERY_MESSAGES, notDeliverableTo } from '../../../shared/delivery-rules';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/status-message';
import { MapPinIcon } from './location-icons';
import { deliveryPhase } from './location-store';
import { PincodeForm } from './pincode-form';
import { useLocationState } from './use-location-state';

/**
 * The delivery-location modal's form (location-modal.tsx): the current location with Clear, a
 * pincode to check, and the answer.
 */
export function LocationForm({ onClose }: { onClose(): void }) {
  const location = useLocationState();
  // Mounted only while the modal is open, so every opening starts with an empty field.
  const [input, setInput] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const phase = deliveryPhase(input, location);
  const answered = submitted === input && (phase === 'serviceable' || phase === 'unserviceable');

  const check = async (pincode: string) => {
    setSubmitted(pincode);
    const result = await location.setPincode(pincode);
    if (result.pincode === pincode && result.deliveryInfo?.serviceable && !result.failed) onClose();
  };

  return (
    <div className="space-y-4">
      {location.pincode !== null && location.deliveryInfo && location.status === 'ready' && (
        <div className="flex items-center justify-between gap-3 rounded-lg bg-brand-50 px-3 py-2">
          <div className="flex min-w-0 items-center gap-2 text-sm text-stone-800">
            <MapPinIcon className="h-4 w-4 shrink-0 text-brand-600" />
            <div className="min-w-0">
              <p className="text-xs text-stone-600">Current location</p>
              <p className="font-semibold break-words">
                {location.deliveryInfo.city ? `${location.deliveryInfo.city} – ` : ''}
                {location.pincode}
              </p>
            </div>
          </div>
          <Button variant="ghost" className="min-h-9 px-3" onClick={location.clearLocation}>
            Clear
          </Button>
        </div>
      )}
      <PincodeForm
        value={input}
        onChange={setInput}
        onSubmit={(pincode) => void check(pincode)}
        submitLabel="Check Delivery"
        busy={phase === 'checking'}
      >
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </PincodeForm>
      <div aria-live="polite" className="text-sm">
        {phase === 'checking' && (
          <p className="flex items-center gap-2 text-stone-600">
            <Spinner label="Checking delivery" />
            Checking delivery…
          </p>
        )}
        {answered && phase === 'serviceable' && location.failed && (
          <ErrorBanner>{DELIVERY_MESSAGES.checkFailed}</ErrorBanner>
        )}
        {answered && phase === 'unserviceable' && (
          <div className="space-y-1">
            <p className="font-semibold text-red-700">{notDeliverableTo(input)}</p>
            {/* SPEC 8's words for any pincode we cannot deliver to, listed or not (999999). */}
            <p className="text-stone-700">{DELIVERY_MESSAGES.unserviceable}</p>
          </div>
        )}
      </div>
    </div>
  );
}
