import { type FormEvent, useId, useState } from 'react';
import { formatInr } from '../../../shared/money';
import type { CouponState } from './use-coupon';

/**
 * The checkout's coupon box. Apply asks the server; an accepted code shows what it takes
 * off with a Remove button; a refused one shows the server's reason.
 */
export function CouponField({ coupon }: { coupon: CouponState }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) coupon.apply(typed);
  };

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
            setTyped('');
          }}
          className="min-h-11 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-100"
        >
          Remove coupon
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} aria-label="Coupon" className="flex flex-col gap-1">
      <label htmlFor={`${id}-code`} className="text-sm font-semibold text-stone-800">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          maxLength={30}
          autoCapitalize="characters"
          autoComplete="off"
          aria-invalid={coupon.error ? true : undefined}
          aria-describedby={coupon.error ? `${id}-error` : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base uppercase text-stone-900 focus:border-brand-600"
        />
        <button
          type="submit"
          disabled={coupon.checking || typed.trim() === ''}
          className="min-h-11 rounded-lg border-2 border-brand-600 px-4 text-sm font-bold text-brand-700 hover:bg-brand-50 disabled:border-stone-300 disabled:text-stone-400"
        >
          {coupon.checking ? 'Checking...' : 'Apply'}
        </button>
      </div>
      {coupon.error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {coupon.code}: {coupon.error}
        </p>
      )}
    </form>
  );
}
