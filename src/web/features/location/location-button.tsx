import { useState } from 'react';
import { MapPinIcon } from './location-icons';
import { LocationModal } from './location-modal';
import { useLocationState } from './use-location-state';

/** Opens the delivery-location modal; says where the shopper's orders go once a pincode is chosen. */
export function LocationButton({ className = '' }: { className?: string }) {
  const location = useLocationState();
  const [open, setOpen] = useState(false);
  const info = location.status === 'ready' ? location.deliveryInfo : null;
  const place = info && location.pincode ? [info.city, location.pincode].filter(Boolean).join(' ') : null;

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={`inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-stone-700 hover:bg-brand-100 ${className}`}
      >
        <MapPinIcon className="h-4 w-4 shrink-0 text-brand-600" />
        {place ? (
          <span className="truncate">
            Deliver to <span className="font-semibold text-stone-900">{place}</span>
          </span>
        ) : (
          <span className="font-semibold">Select delivery location</span>
        )}
      </button>
      <LocationModal isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** A slim strip under the top navigation holding the location button (composed by the root layout). */
export function LocationBar() {
  return (
    <div className="border-b border-brand-100 bg-brand-50">
      <div className="mx-auto max-w-6xl px-2">
        <LocationButton />
      </div>
    </div>
  );
}
