import { type ReactNode, useEffect } from 'react';
import { isCompletePincode, PINCODE_LENGTH, sanitizePincodeInput } from '../../../shared/pincode';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { Field } from '../../components/form-field';

// The box's check loads at its first focus, not with the page (decision 0088).
const checkPincode = checksOnFirstUse(
  () => import('./pincode-checks'),
  (checks) => checks.checkPincode,
);

/**
 * A pincode field and its submit button. SPEC 5: non-digits are stripped, at most 6 are kept, and
 * the button stays disabled until there are exactly 6. `value` is the pincode the page shows the
 * answer for; the box follows it when it changes elsewhere (another tab, the location modal).
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
  // SPEC 5: editing the pincode clears the message; it is checked again at the next submit.
  const { register, handleSubmit, formState, setValue, getValues, watch, clearErrors } = useCheckedForm({
    checks: checkPincode,
    defaultValues: { pincode: value },
    reValidateMode: 'onSubmit',
  });
  useEffect(() => {
    if (getValues('pincode') !== value) setValue('pincode', value);
  }, [value, getValues, setValue]);
  const complete = isCompletePincode(watch('pincode'));
  const error = formState.errors.pincode?.message ?? formState.errors.root?.message;

  return (
    <form
      onSubmit={handleSubmit((values) => onSubmit(values.pincode))}
      onFocus={checkPincode.preload}
      noValidate
      className="space-y-2"
    >
      <Field id={undefined} label="Pincode" labelHidden={compact} error={error} announced>
        {(control) => (
          <div className={children ? 'space-y-3' : 'flex gap-2'}>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={PINCODE_LENGTH}
              placeholder="Enter 6-digit pincode"
              className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base tracking-widest text-stone-900 placeholder:tracking-normal placeholder:text-stone-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
              {...register('pincode', {
                onChange: (event) => {
                  const pincode = sanitizePincodeInput(event.target.value);
                  setValue('pincode', pincode);
                  clearErrors();
                  onChange(pincode);
                },
              })}
              {...control}
            />
            <div className={children ? 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end' : 'contents'}>
              {children}
              <Button type="submit" disabled={!complete || busy} className="shrink-0">
                {submitLabel}
              </Button>
            </div>
          </div>
        )}
      </Field>
    </form>
  );
}
