import type { ParcelSize } from '../../../shared/parcel';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { ErrorBanner } from '../../components/status-message';

// The owner confirms or corrects the parcel (as weighed and measured at packing) before
// the courier is booked; it starts from the products' figures, their category's where unset.

const FIELDS = [
  { name: 'weightGrams', label: 'Weight (g)' },
  { name: 'lengthCm', label: 'Length (cm)' },
  { name: 'breadthCm', label: 'Breadth (cm)' },
  { name: 'heightCm', label: 'Height (cm)' },
] as const;
type Texts = Record<(typeof FIELDS)[number]['name'], string>;

const checkShipParcel = checksOnFirstUse(
  () => import('./ship-dialog-checks'),
  (checks) => checks.checkShipParcel,
);

const textsOf = (parcel: ParcelSize): Texts => ({
  weightGrams: String(parcel.weightGrams),
  lengthCm: String(parcel.lengthCm),
  breadthCm: String(parcel.breadthCm),
  heightCm: String(parcel.heightCm),
});

export function ShipDialog({
  orderNumber,
  proposedParcel,
  isOpen,
  isBooking,
  error,
  onClose,
  onBook,
}: {
  orderNumber: string;
  proposedParcel: ParcelSize;
  isOpen: boolean;
  isBooking: boolean;
  /** The server's refusal, shown in the dialog. */
  error: string | null;
  onClose(): void;
  onBook(parcel: ParcelSize): void;
}) {
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkShipParcel,
    defaultValues: textsOf(proposedParcel),
  });
  const errors = formState.errors;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={`Ship order ${orderNumber}`}
      subtitle="Check the packed parcel's weight and size; the courier prices and plans by them."
    >
      <form
        onSubmit={handleSubmit(onBook)}
        onFocus={checkShipParcel.preload}
        noValidate
        className="space-y-3"
      >
        <div className="grid grid-cols-2 gap-3">
          {FIELDS.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              inputMode="numeric"
              maxLength={6}
              error={errors[field.name]?.message}
              {...register(field.name)}
            />
          ))}
        </div>
        {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isBooking}>
            {isBooking ? 'Booking…' : 'Book the courier'}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Not now
          </Button>
        </div>
      </form>
    </Modal>
  );
}
