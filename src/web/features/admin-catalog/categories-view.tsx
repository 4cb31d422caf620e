import { useId, useState } from 'react';
import type { AdminCategory } from '../../../shared/api/admin';
import { productCountLabel } from '../../../shared/catalog-claims';
import { DEFAULT_GST_RATE_BP, GST_RATES_BP, isRetiredGstRate } from '../../../shared/gst';
import type { ParcelSize } from '../../../shared/parcel';
import { defaultParcelFor } from '../../../shared/parcel-defaults';
import { useAdminCategories } from '../../api/admin-catalog';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { FormField, SelectField } from '../../components/form-field';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useSaveCategory } from './catalog-api';
import { PARCEL_FIELD_NAMES, PARCEL_LABELS, parcelValuesOf } from './product-parcel-fields';

const checkCategoryForm = checksOnFirstUse(
  () => import('./category-form-checks'),
  (checks) => checks.checkCategoryForm,
);

const parcelSummary = (parcel: ParcelSize) =>
  `${parcel.weightGrams.toLocaleString('en-IN')} g, ${parcel.lengthCm} x ${parcel.breadthCm} x ${parcel.heightCm} cm`;

function CategoryForm({ category, onDone }: { category: AdminCategory | null; onDone?(): void }) {
  const id = useId();
  const save = useSaveCategory();
  const { register, handleSubmit, formState, watch, resetField } = useCheckedForm({
    checks: checkCategoryForm,
    defaultValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      sortOrder: String(category?.sortOrder ?? 0),
      hsnCode: category?.hsnCode ?? '9505',
      gstRate: String(category?.gstRate ?? DEFAULT_GST_RATE_BP / 100),
      parcel: parcelValuesOf(category?.parcel ?? null),
    },
  });
  const errors = formState.errors;
  const gstRate = watch('gstRate');
  const builtIn = defaultParcelFor(category?.slug ?? '');
  const submit = handleSubmit((body) =>
    save.mutate(
      { id: category?.id ?? null, body },
      {
        onSuccess: () => {
          if (!category) {
            resetField('name');
            resetField('description');
          }
          onDone?.();
        },
      },
    ),
  );
  // The whole parcel's rule (all four or none); a figure's own bound shows under it.
  const parcelError = errors.parcel?.message;
  return (
    <form
      onSubmit={submit}
      onFocus={checkCategoryForm.preload}
      noValidate
      className="grid gap-2 sm:grid-cols-[2fr_3fr_1fr_1fr_1fr_auto] sm:items-end"
    >
      {errors.root && (
        <div className="sm:col-span-6">
          <ErrorBanner>{errors.root.message}</ErrorBanner>
        </div>
      )}
      <FormField
        id={`${id}-name`}
        label="Category name"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        id={`${id}-description`}
        label="Description"
        error={errors.description?.message}
        {...register('description')}
      />
      <FormField
        id={`${id}-sort`}
        label="Sort order"
        inputMode="numeric"
        error={errors.sortOrder?.message}
        {...register('sortOrder')}
      />
      <FormField
        id={`${id}-hsn`}
        label="HSN code"
        inputMode="numeric"
        error={errors.hsnCode?.message}
        {...register('hsnCode')}
      />
      <SelectField
        id={`${id}-gst`}
        label="GST rate"
        options={[
          // Decision 0059: a retired slab stays until the owner picks one of today's.
          ...(isRetiredGstRate(Math.round(Number(gstRate) * 100))
            ? [{ value: gstRate, label: `${gstRate}% (retired on 22 September 2025: choose today's rate)` }]
            : []),
          ...GST_RATES_BP.map((rate) => ({ value: String(rate / 100), label: `${rate / 100}%` })),
        ]}
        error={errors.gstRate?.message}
        {...register('gstRate')}
      />
      <fieldset
        className="grid grid-cols-2 gap-2 sm:col-span-6 sm:grid-cols-4"
        aria-describedby={parcelError ? `${id}-parcel-error` : undefined}
      >
        <legend className="text-sm font-semibold text-stone-800">
          Default parcel for the courier (empty: {parcelSummary(builtIn)})
        </legend>
        {PARCEL_FIELD_NAMES.map((field) => (
          <FormField
            key={field}
            id={`${id}-parcel-${field}`}
            label={PARCEL_LABELS[field]}
            inputMode="numeric"
            placeholder={String(builtIn[field])}
            error={errors.parcel?.[field]?.message}
            {...register(`parcel.${field}`)}
          />
        ))}
        {parcelError && (
          <p id={`${id}-parcel-error`} role="alert" className="text-sm text-red-700 col-span-2 sm:col-span-4">
            {parcelError}
          </p>
        )}
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        {category ? 'Save' : 'Add category'}
      </Button>
      {save.error && (
        <div className="sm:col-span-6">
          <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>
        </div>
      )}
    </form>
  );
}

/**
 * Decision 0059: categories still at a GST slab the 22 September 2025 schedule retired. Their
 * invoices keep that rate until the owner confirms one of today's; nothing is refused meanwhile.
 */
function RatesToConfirm({ categories }: { categories: readonly AdminCategory[] }) {
  const flagged = categories.filter((category) => category.gstRateToConfirm);
  if (flagged.length === 0) return null;
  return (
    <section aria-labelledby="gst-to-confirm" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="gst-to-confirm" className="font-bold text-stone-900">
        GST rates to confirm
      </h2>
      <p className="text-sm text-stone-700">
        GST on goods is 5%, 18% or 40% since 22 September 2025 (12% and 28% were retired). Edit each category
        below and choose its rate for its HSN code; until then its invoices keep the old rate.
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {flagged.map((category) => (
          <li key={category.id}>
            {category.name}: HSN {category.hsnCode}, still at {category.gstRate}%
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CategoriesView() {
  const categories = useAdminCategories();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div className="space-y-4">
      <section className="rounded-xl border border-brand-100 bg-white p-4">
        <h2 className="mb-2 font-bold text-stone-900">New category</h2>
        <CategoryForm category={null} />
      </section>
      <RatesToConfirm categories={categories.data ?? []} />
      <QueryState isPending={categories.isPending} error={categories.error} label="categories">
        {categories.data?.length === 0 ? (
          <EmptyState title="No categories yet" />
        ) : (
          <ul className="divide-y divide-stone-100 rounded-xl border border-brand-100 bg-white">
            {categories.data?.map((category) => (
              <li key={category.id} className="p-3">
                {editing === category.id ? (
                  <CategoryForm category={category} onDone={() => setEditing(null)} />
                ) : (
                  <div className="flex items-center justify-between gap-2">
                    <div>
                      <p className="font-semibold">{category.name}</p>
                      <p className="text-sm text-stone-600">
                        /category/{category.slug} · {productCountLabel(category.productCount)} · HSN{' '}
                        {category.hsnCode} · GST {category.gstRate}% · Parcel{' '}
                        {parcelSummary(category.parcel ?? defaultParcelFor(category.slug))}
                        {category.parcel ? '' : ' (built-in)'}
                      </p>
                    </div>
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${category.name}`}
                      onClick={() => setEditing(category.id)}
                    >
                      Edit
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
