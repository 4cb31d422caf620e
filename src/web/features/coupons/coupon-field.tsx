import { formatInr } from '../../../shared/money';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Field } from '../../components/form-field';
import type { CouponState } from './use-coupon';

// The code's check (the server's schema, with Zod) loads when the box is first focused, not with
// the checkout (decision 0088).
const checkCoupon = checksOnFirstUse(
  () => import('./coupon-checks'),
  (checks) => checks.checkCoupon,
);

/**
 * The checkout's coupon box. Apply asks the server; an accepted code shows what it takes
 * off with a Remove button; a refused one shows the server's reason.
 */
export function CouponField({ coupon }: { coupon: CouponState }) {
  const { register, handleSubmit, formState, reset, watch } = useCheckedForm({
    checks: checkCoupon,
    defaultValues: { code: '' },
  });
  const typed = watch('code');
  // The server's refusal names the code it refused, read out as it comes.
  const problem =
    formState.errors.code?.message ??
    formState.errors.root?.message ??
    (coupon.error ? `${coupon.code}: ${coupon.error}` : undefined);

  if (coupon.applied) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-xl border border-green-200 bg-green-50 px-3 py-2">
        <p className="text-sm text-green-900" role="status">
          <span className="font-bold">{coupon.applied.code}</span> applied: you save{' '}
          {formatInr(coupon.applied.discount)}
          <span className="block text-xs text-green-800">{coupon.applied.summary}</span>
        </p>
        <button
          type="button"
          onClick={() => {
            coupon.remove();
            reset();
          }}
          className="min-h-11 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-100"
        >
          Remove coupon
        </button>
      </div>
    );
  }

  return (
    <form
      onSubmit={handleSubmit((values) => coupon.apply(values.code))}
      onFocus={checkCoupon.preload}
      noValidate
      aria-label="Coupon"
      className="flex flex-col gap-1"
    >
      <Field id={undefined} label="Coupon code" error={problem} announced>
        {(control) => (
          <div className="flex gap-2">
            <input
              maxLength={30}
              autoCapitalize="characters"
              autoComplete="off"
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base uppercase text-stone-900 focus:border-brand-600"
              {...register('code')}
              {...control}
            />
            <button
              type="submit"
              disabled={coupon.checking || typed.trim() === ''}
              className="min-h-11 rounded-lg border-2 border-brand-600 px-4 text-sm font-bold text-brand-700 hover:bg-brand-50 disabled:border-stone-300 disabled:text-stone-400"
            >
              {coupon.checking ? 'Checking...' : 'Apply'}
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
