import { type FormEvent, useId, useState } from 'react';
import type { AdminCoupon, NewAdminCouponInput } from '../../../shared/api/coupons';
import { useAdminCategories } from '../../api/admin-catalog';
import { errorMessage, Field, inputClass, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useAdminCoupons, useEditCoupon, useRetireCoupon, useSaveCoupon } from './shopfront-api';

const EMPTY = {
  code: '',
  description: '',
  kind: 'percent' as 'percent' | 'flat',
  value: '',
  minOrder: '',
  maxDiscount: '',
  startsOn: '',
  endsOn: '',
  usageLimit: '',
  perCustomerLimit: '',
};

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

const text = (value: number | string | null) => (value === null ? '' : String(value));

/** A coupon's terms as the form holds them. */
const formOf = (coupon: AdminCoupon): typeof EMPTY => ({
  code: coupon.code,
  description: coupon.description,
  kind: coupon.kind,
  value: text(coupon.value),
  minOrder: text(coupon.minOrder),
  maxDiscount: text(coupon.maxDiscount),
  startsOn: text(coupon.startsOn),
  endsOn: text(coupon.endsOn),
  usageLimit: text(coupon.usageLimit),
  perCustomerLimit: text(coupon.perCustomerLimit),
});

/**
 * The owner's new coupon: percent or flat, limits, dates and categories. With `coupon`,
 * decision 0077: the terms of one no order has used, changed.
 */
function CouponForm({ coupon, onDone }: { coupon?: AdminCoupon; onDone?: () => void } = {}) {
  const id = useId();
  const create = useSaveCoupon();
  const edit = useEditCoupon();
  const save = coupon ? edit : create;
  const categories = useAdminCategories();
  const [form, setForm] = useState(coupon ? formOf(coupon) : EMPTY);
  const [categoryIds, setCategoryIds] = useState<number[]>(coupon?.categoryIds ?? []);
  const [created, setCreated] = useState<string | null>(null);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: NewAdminCouponInput = {
      code: form.code,
      description: form.description,
      kind: form.kind,
      value: Number(form.value),
      minOrder: numberOrNull(form.minOrder) ?? 0,
      maxDiscount: form.kind === 'percent' ? numberOrNull(form.maxDiscount) : null,
      startsOn: form.startsOn || null,
      endsOn: form.endsOn || null,
      usageLimit: numberOrNull(form.usageLimit),
      perCustomerLimit: numberOrNull(form.perCustomerLimit),
      categoryIds,
      ...(coupon ? { active: coupon.active } : {}),
    };
    if (coupon) {
      edit.mutate({ id: coupon.id, body }, { onSuccess: () => onDone?.() });
      return;
    }
    create.mutate(
      { id: null, body },
      {
        onSuccess: ({ coupon }) => {
          setCreated(coupon.code);
          setForm(EMPTY);
          setCategoryIds([]);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="New coupon" className="grid gap-3 sm:grid-cols-2">
      <Field id={`${id}-code`} label="Code">
        <input id={`${id}-code`} required className={inputClass} value={form.code} onChange={set('code')} />
      </Field>
      <Field id={`${id}-description`} label="Description (optional)">
        <input
          id={`${id}-description`}
          className={inputClass}
          value={form.description}
          onChange={set('description')}
        />
      </Field>
      <Field id={`${id}-kind`} label="Discount type">
        <select id={`${id}-kind`} className={inputClass} value={form.kind} onChange={set('kind')}>
          <option value="percent">Percent off</option>
          <option value="flat">Flat amount off (₹)</option>
        </select>
      </Field>
      <Field id={`${id}-value`} label={form.kind === 'percent' ? 'Percent off' : 'Amount off (₹)'}>
        <input
          id={`${id}-value`}
          required
          inputMode="decimal"
          className={inputClass}
          value={form.value}
          onChange={set('value')}
        />
      </Field>
      <Field id={`${id}-min`} label="Minimum order (₹, optional)">
        <input
          id={`${id}-min`}
          inputMode="decimal"
          className={inputClass}
          value={form.minOrder}
          onChange={set('minOrder')}
        />
      </Field>
      {form.kind === 'percent' && (
        <Field id={`${id}-max`} label="Maximum discount (₹, optional)">
          <input
            id={`${id}-max`}
            inputMode="decimal"
            className={inputClass}
            value={form.maxDiscount}
            onChange={set('maxDiscount')}
          />
        </Field>
      )}
      <Field id={`${id}-starts`} label="Valid from (optional)">
        <input
          id={`${id}-starts`}
          type="date"
          className={inputClass}
          value={form.startsOn}
          onChange={set('startsOn')}
        />
      </Field>
      <Field id={`${id}-ends`} label="Valid until (optional)">
        <input
          id={`${id}-ends`}
          type="date"
          className={inputClass}
          value={form.endsOn}
          onChange={set('endsOn')}
        />
      </Field>
      <Field id={`${id}-usage`} label="Total uses (optional)">
        <input
          id={`${id}-usage`}
          inputMode="numeric"
          className={inputClass}
          value={form.usageLimit}
          onChange={set('usageLimit')}
        />
      </Field>
      <Field id={`${id}-per-customer`} label="Uses per customer (optional)">
        <input
          id={`${id}-per-customer`}
          inputMode="numeric"
          className={inputClass}
          value={form.perCustomerLimit}
          onChange={set('perCustomerLimit')}
        />
      </Field>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-semibold text-stone-800">
          Categories (none ticked: the whole store)
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {categories.data?.map((category) => (
            <label key={category.id} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={categoryIds.includes(category.id)}
                onChange={(event) =>
                  setCategoryIds((current) =>
                    event.target.checked
                      ? [...current, category.id]
                      : current.filter((other) => other !== category.id),
                  )
                }
              />
              {category.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-2 sm:col-span-2">
        {save.error && <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>}
        {created && !save.error && (
          <p role="status" className="text-sm font-semibold text-green-800">
            Coupon {created} created
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending} className="self-start">
            {coupon ? 'Save coupon' : 'Create coupon'}
          </Button>
          {coupon && (
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}

const limitText = (coupon: AdminCoupon) =>
  [
    `Used ${coupon.usedCount}${coupon.usageLimit === null ? '' : ` of ${coupon.usageLimit}`}`,
    coupon.perCustomerLimit === null ? null : `${coupon.perCustomerLimit} per customer`,
    coupon.startsOn || coupon.endsOn
      ? `Valid ${coupon.startsOn ?? 'now'} to ${coupon.endsOn ?? 'no end date'}`
      : null,
    coupon.categoryIds.length > 0 ? `${coupon.categoryIds.length} categories` : 'All categories',
  ]
    .filter(Boolean)
    .join(' · ');

export function CouponsView() {
  const coupons = useAdminCoupons();
  const save = useSaveCoupon();
  const retire = useRetireCoupon();
  const [editing, setEditing] = useState<number | null>(null);
  const [retiring, setRetiring] = useState<AdminCoupon | null>(null);
  return (
    <div className="space-y-4">
      <ConfirmDialog
        isOpen={retiring !== null}
        title={`Retire ${retiring?.code ?? 'the coupon'}?`}
        message="Orders have used it, so its terms stay as they were. Retired, no shopper can use it again and it cannot be switched back on; create a new code for a new offer."
        confirmLabel="Retire the coupon"
        onConfirm={() => {
          if (retiring) retire.mutate(retiring.id);
          setRetiring(null);
        }}
        onCancel={() => setRetiring(null)}
      />
      {retire.error && <ErrorBanner>{errorMessage(retire.error)}</ErrorBanner>}
      <section className="rounded-xl border border-brand-100 bg-white p-4">
        <h2 className="mb-2 font-bold text-stone-900">New coupon</h2>
        <CouponForm />
      </section>
      {save.error && <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>}
      <QueryState isPending={coupons.isPending} error={coupons.error} label="coupons">
        {coupons.data?.length === 0 ? (
          <EmptyState title="No coupons yet" />
        ) : (
          <ul
            aria-label="Coupons"
            className="divide-y divide-stone-100 rounded-xl border border-brand-100 bg-white"
          >
            {coupons.data?.map((coupon) =>
              editing === coupon.id ? (
                <li key={coupon.id} className="p-3">
                  <h3 className="mb-2 font-bold text-stone-900">Edit {coupon.code}</h3>
                  <CouponForm coupon={coupon} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li key={coupon.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {coupon.code}{' '}
                      <span className="text-sm font-normal text-stone-700">{coupon.summary}</span>
                    </p>
                    {coupon.description && <p className="text-sm text-stone-700">{coupon.description}</p>}
                    <p className="text-sm text-stone-600">
                      {limitText(coupon)}
                      {coupon.retiredAt ? ' · Retired' : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {!coupon.used && !coupon.retiredAt && (
                      <Button
                        variant="secondary"
                        aria-label={`Edit ${coupon.code}`}
                        onClick={() => setEditing(coupon.id)}
                      >
                        Edit
                      </Button>
                    )}
                    {!coupon.retiredAt && (
                      <Button
                        variant="secondary"
                        disabled={save.isPending}
                        aria-label={`${coupon.active ? 'Switch off' : 'Switch on'} ${coupon.code}`}
                        onClick={() => save.mutate({ id: coupon.id, body: { active: !coupon.active } })}
                      >
                        {coupon.active ? 'Switch off' : 'Switch on'}
                      </Button>
                    )}
                    {coupon.used && !coupon.retiredAt && (
                      <Button
                        variant="ghost"
                        aria-label={`Retire ${coupon.code}`}
                        onClick={() => setRetiring(coupon)}
                      >
                        Retire
                      </Button>
                    )}
                  </div>
                </li>
              ),
            )}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
