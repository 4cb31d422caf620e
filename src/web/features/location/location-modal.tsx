import { lazy, Suspense } from 'react';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/status-message';

// Loaded when the modal first opens: the modal shows at once, with a spinner until it arrives.
const LocationForm = lazy(() =>
  import('./location-form').then((module) => ({ default: module.LocationForm })),
);

/**
 * SPEC 2 "Delivery-location modal": 'Select Delivery Location' with a pincode input, 'Check
 * Delivery' and 'Cancel', and the current location with a Clear option. A serviceable pincode
 * closes it; otherwise the answer stays in view, and the location stays what it was.
 */
export function LocationModal({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Select Delivery Location"
      subtitle="Enter a pincode to see delivery times and shipping"
    >
      <Suspense
        fallback={
          <div className="flex justify-center py-8">
            <Spinner label="Loading the form" />
          </div>
        }
      >
        <LocationForm onClose={onClose} />
      </Suspense>
    </Modal>
  );
}
