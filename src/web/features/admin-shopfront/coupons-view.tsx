import { useState } from 'react';
import { useController } from 'react-hook-form';
import type { AdminCoupon } from '../../../shared/api/coupons';
import { useAdminCategories } from '../../api/admin-catalog';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CheckboxGroupField, FormField, SelectField } from '../../components/form-field';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useAdminCoupons, useEditCoupon, useRetireCoupon, useSaveCoupon } from './shopfront-api';

const checkCouponForm = checksOnFirstUse(
  () => import('./coupon-form-checks'),
  (checks) => checks.checkCouponForm,
);

const text = (value: number | string | null) => (value === null ? '' : String(value));

/** A coupon's terms as the form holds them; a new one's are empty, and switched on. */
const formOf = (coupon: AdminCoupon | undefined) => ({
  code: coupon?.code ?? '',
  description: coupon?.description ?? '',
  kind: coupon?.kind ?? 'percent',
  value: text(coupon?.value ?? null),
  minOrder: text(coupon?.minOrder ?? null),
  maxDiscount: text(coupon?.maxDiscount ?? null),
  startsOn: text(coupon?.startsOn ?? null),
  endsOn: text(coupon?.endsOn ?? null),
  usageLimit: text(coupon?.usageLimit ?? null),
  perCustomerLimit: text(coupon?.perCustomerLimit ?? null),
  categoryIds: (coupon?.categoryIds ?? []).map(String),
  active: coupon?.active ?? true,
});

/**
 * The owner's new coupon: percent or flat, limits, dates and categories. With `coupon`,
 * decision 0077: the terms of one no order has used, changed.
 */
function CouponForm({ coupon, onDone }: { coupon?: AdminCoupon; onDone?: () => void } = {}) {
  const create = useSaveCoupon();
  const edit = useEditCoupon();
  const save = coupon ? edit : create;
  const categories = useAdminCategories();
  const [created, setCreated] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, watch, reset } = useCheckedForm({
    checks: checkCouponForm,
    defaultValues: formOf(coupon),
  });
  const errors = formState.errors;
  const categoryIds = useController({ control, name: 'categoryIds' });
  const kind = watch('kind');

  const submit = handleSubmit((body) => {
    if (coupon) {
      edit.mutate({ id: coupon.id, body }, { onSuccess: () => onDone?.() });
      return;
    }
    create.mutate(
      { id: null, body },
      {
        onSuccess: ({ coupon }) => {
          setCreated(coupon.code);
          reset();
        },
      },
    );
  });

  return (
    <form
      onSubmit={submit}
      onFocus={checkCouponForm.preload}
      noValidate
      aria-label="New coupon"
      className="grid gap-3 sm:grid-cols-2"
    >
      {errors.root && (
        <div className="sm:col-span-2">
          <ErrorBanner>{errors.root.message}</ErrorBanner>
        </div>
      )}
      <FormField label="Code" required error={errors.code?.message} {...register('code')} />
      <FormField
        label="Description (optional)"
        error={errors.description?.message}
        {...register('description')}
      />
      <SelectField
        label="Discount type"
        options={[
          { value: 'percent', label: 'Percent off' },
          { value: 'flat', label: 'Flat amount off (₹)' },
        ]}
        error={errors.kind?.message}
        {...register('kind')}
      />
      <FormField
        label={kind === 'percent' ? 'Percent off' : 'Amount off (₹)'}
        required
        inputMode="decimal"
        error={errors.value?.message}
        {...register('value')}
      />
      <FormField
        label="Minimum order (₹, optional)"
        inputMode="decimal"
        error={errors.minOrder?.message}
        {...register('minOrder')}
      />
      {kind === 'percent' && (
        <FormField
          label="Maximum discount (₹, optional)"
          inputMode="decimal"
          error={errors.maxDiscount?.message}
          {...register('maxDiscount')}
        />
      )}
      <FormField
        label="Valid from (optional)"
        type="date"
        error={errors.startsOn?.message}
        {...register('startsOn')}
      />
      <FormField
        label="Valid until (optional)"
        type="date"
        error={errors.endsOn?.message}
        {...register('endsOn')}
      />
      <FormField
        label="Total uses (optional)"
        inputMode="numeric"
        error={errors.usageLimit?.message}
        {...register('usageLimit')}
      />
      <FormField
        label="Uses per customer (optional)"
        inputMode="numeric"
        error={errors.perCustomerLimit?.message}
        {...register('perCustomerLimit')}
      />
      <CheckboxGroupField
        legend="Categories (none ticked: the whole store)"
        className="sm:col-span-2"
        options={(categories.data ?? []).map((category) => ({
          value: String(category.id),
          label: category.name,
        }))}
        value={categoryIds.field.value}
        onChange={categoryIds.field.onChange}
        onBlur={categoryIds.field.onBlur}
        error={errors.categoryIds?.message}
      />
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
