import { type FormEvent, useState } from 'react';
import { ParcelSize } from '../../../shared/parcel';
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
type FieldName = (typeof FIELDS)[number]['name'];
type Texts = Record<FieldName, string>;

const textsOf = (parcel: ParcelSize): Texts => ({
  weightGrams: String(parcel.weightGrams),
  lengthCm: String(parcel.lengthCm),
  breadthCm: String(parcel.breadthCm),
  heightCm: String(parcel.heightCm),
});

// An empty box is no number at all, so the shared rule's message says what to enter.
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

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
  const [texts, setTexts] = useState<Texts>(() => textsOf(proposedParcel));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ParcelSize.safeParse({
      weightGrams: numberOf(texts.weightGrams),
      lengthCm: numberOf(texts.lengthCm),
      breadthCm: numberOf(texts.breadthCm),
      heightCm: numberOf(texts.heightCm),
    });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onBook(parsed.data);
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={`Ship order ${orderNumber}`}
      subtitle="Check the packed parcel's weight and size; the courier prices and plans by them."
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="grid grid-cols-2 gap-3">
          {FIELDS.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              name={field.name}
              inputMode="numeric"
              maxLength={6}
              value={texts[field.name]}
              error={errors[field.name]}
              onChange={(event) => setTexts((current) => ({ ...current, [field.name]: event.target.value }))}
            />
          ))}
        </div>
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
