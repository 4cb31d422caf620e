import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { isCompletePincode, PINCODE_LENGTH, sanitizePincodeInput } from '../../../shared/pincode';
import { Button } from '../../components/button';

// SPEC 5: shown if the check is submitted without exactly six digits.
export const INCOMPLETE_PINCODE_MESSAGE = 'Please enter a valid 6-digit pincode';

/**
 * A pincode field and its submit button. SPEC 5: non-digits are stripped, at most 6 are kept, and
 * the button stays disabled until there are exactly 6.
 */
export function PincodeForm({
  value,
  onChange,
  onSubmit,
  submitLabel,
  busy = false,
  compact = false,
  children,
}: {
  value: string;
  onChange(pincode: string): void;
  onSubmit(pincode: string): void;
  submitLabel: string;
  busy?: boolean;
  compact?: boolean;
  /** Extra buttons after the submit button (the modal's Cancel). */
  children?: ReactNode;
}) {
  const inputId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const complete = isCompletePincode(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCompletePincode(value)) {
      setError(INCOMPLETE_PINCODE_MESSAGE);
      return;
    }
    setError(null);
    onSubmit(value);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <label htmlFor={inputId} className={compact ? 'sr-only' : 'block text-sm font-semibold text-stone-800'}>
        Pincode
      </label>
      <div className={children ? 'space-y-3' : 'flex gap-2'}>
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={PINCODE_LENGTH}
          placeholder="Enter 6-digit pincode"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setError(null);
            onChange(sanitizePincodeInput(event.target.value));
          }}
          className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base tracking-widest text-stone-900 placeholder:tracking-normal placeholder:text-stone-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <div className={children ? 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end' : 'contents'}>
          {children}
          <Button type="submit" disabled={!complete || busy} className="shrink-0">
            {submitLabel}
          </Button>
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
