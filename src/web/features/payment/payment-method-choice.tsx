import { type ReactNode, useId } from 'react';
import type { CodEligibility } from '../../../shared/api/payments';
import type { PaymentMethod } from '../../../shared/cash-on-delivery';
import { formatInr } from '../../../shared/money';
import { RadioOption } from '../../components/form-field';

function Choice({
  value,
  checked,
  disabled = false,
  title,
  detail,
  describedBy,
  onChange,
}: {
  value: PaymentMethod;
  checked: boolean;
  disabled?: boolean;
  title: string;
  detail: string;
  describedBy?: string;
  onChange(value: PaymentMethod): void;
}) {
  return (
    <RadioOption
      optionClassName={`flex min-h-11 items-start gap-3 rounded-xl border p-3 ${
        checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200'
      } ${disabled ? 'opacity-60' : 'cursor-pointer'}`}
      className="mt-1 h-5 w-5"
      name="payment-method"
      value={value}
      checked={checked}
      disabled={disabled}
      aria-describedby={describedBy}
      onChange={() => onChange(value)}
      label={
        <span className="min-w-0">
          <span className="block font-semibold text-stone-900">{title}</span>
          <span className="block text-sm text-stone-700">{detail}</span>
        </span>
      }
    />
  );
}

/** What the cash on delivery choice says while this cart's answer is on its way. */
export const COD_CHECKING = 'Checking whether this order can be paid on delivery...';

/**
 * Decision 0042: online payment, and cash on delivery beside it when the store offers it (the page
 * shows only the online note otherwise): chosen when the server's rule allows, else shown with why
 * not (and, when only a verified mobile is missing, the one-time code form the page passes in).
 * `cod` is null while the cart's answer is on its way: the choice is shown greyed, in its place.
 */
export function PaymentMethodChoice({
  cod,
  method,
  onChange,
  phoneVerifier,
}: {
  cod: CodEligibility | null;
  method: PaymentMethod;
  onChange(method: PaymentMethod): void;
  phoneVerifier: ReactNode;
}) {
  const reasonId = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">How would you like to pay?</legend>
      <Choice
        value="online"
        checked={method === 'online'}
        title="Pay online"
        detail="Cards, UPI, Net Banking and wallets, secured with 256-bit SSL encryption"
        onChange={onChange}
      />
      <Choice
        value="cod"
        checked={method === 'cod'}
        disabled={!cod?.available}
        title="Cash on delivery"
        detail={
          cod
            ? `Pay ${formatInr(cod.totalWithFee)} in cash when it arrives (includes a ${formatInr(cod.fee)} COD fee)`
            : COD_CHECKING
        }
        {...(cod?.reason ? { describedBy: reasonId } : {})}
        onChange={onChange}
      />
      {cod?.reason && (
        <p id={reasonId} className="text-sm text-stone-700">
          {cod.reason}
        </p>
      )}
      {cod?.needsPhone && phoneVerifier}
    </fieldset>
  );
}
