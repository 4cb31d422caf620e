import { type FormEvent, useId, useState } from 'react';
import type { AdminCategory } from '../../../shared/api/admin';
import { productCountLabel } from '../../../shared/catalog-claims';
import { DEFAULT_GST_RATE_BP, GST_RATES_BP, isRetiredGstRate } from '../../../shared/gst';
import type { ParcelSize } from '../../../shared/parcel';
import { defaultParcelFor } from '../../../shared/parcel-defaults';
import { useAdminCategories } from '../../api/admin-catalog';
import { errorMessage, inputClass, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useSaveCategory } from './catalog-api';
import { PARCEL_FIELD_NAMES, PARCEL_LABELS, type ParcelFieldName } from './product-parcel-fields';

type ParcelTexts = Record<ParcelFieldName, string>;
const PARCEL_INCOMPLETE = 'Fill in all four parcel figures, or leave them all empty for the built-in default';

/** The form's parcel: null when all four are empty (the built-in default), else the four numbers. */
function parcelOfTexts(texts: ParcelTexts): ParcelSize | null | 'incomplete' {
  const filled = PARCEL_FIELD_NAMES.filter((name) => texts[name].trim() !== '');
  if (filled.length === 0) return null;
  if (filled.length < PARCEL_FIELD_NAMES.length) return 'incomplete';
  // The server checks each against ParcelSize and names the one out of bounds.
  return {
    weightGrams: Number(texts.weightGrams),
    lengthCm: Number(texts.lengthCm),
    breadthCm: Number(texts.breadthCm),
    heightCm: Number(texts.heightCm),
  };
}

const parcelSummary = (parcel: ParcelSize) =>
  `${parcel.weightGrams.toLocaleString('en-IN')} g, ${parcel.lengthCm} x ${parcel.breadthCm} x ${parcel.heightCm} cm`;

function CategoryForm({ category, onDone }: { category: AdminCategory | null; onDone?(): void }) {
  const id = useId();
  const save = useSaveCategory();
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [sortOrder, setSortOrder] = useState(String(category?.sortOrder ?? 0));
  const [hsnCode, setHsnCode] = useState(category?.hsnCode ?? '9505');
  const [gstRate, setGstRate] = useState(String(category?.gstRate ?? DEFAULT_GST_RATE_BP / 100));
  const [parcelTexts, setParcelTexts] = useState<ParcelTexts>(() => {
    const parcel = category?.parcel;
    return {
      weightGrams: parcel ? String(parcel.weightGrams) : '',
      lengthCm: parcel ? String(parcel.lengthCm) : '',
      breadthCm: parcel ? String(parcel.breadthCm) : '',
      heightCm: parcel ? String(parcel.heightCm) : '',
    };
  });
  const [parcelError, setParcelError] = useState<string | null>(null);
  const builtIn = defaultParcelFor(category?.slug ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parcel = parcelOfTexts(parcelTexts);
    if (parcel === 'incomplete') {
      setParcelError(PARCEL_INCOMPLETE);
      return;
    }
    setParcelError(null);
    save.mutate(
      {
        id: category?.id ?? null,
        body: {
          name,
          description,
          sortOrder: Number(sortOrder) || 0,
          hsnCode,
          gstRate: Number(gstRate),
          parcel,
        },
      },
      {
        onSuccess: () => {
          if (!category) {
            setName('');
            setDescription('');
          }
          onDone?.();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[2fr_3fr_1fr_1fr_1fr_auto] sm:items-end">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-name`} className="text-sm font-semibold text-stone-800">
          Category name
        </label>
        <input
          id={`${id}-name`}
          required
          className={inputClass}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-description`} className="text-sm font-semibold text-stone-800">
          Description
        </label>
        <input
          id={`${id}-description`}
          className={inputClass}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-sort`} className="text-sm font-semibold text-stone-800">
          Sort order
        </label>
        <input
          id={`${id}-sort`}
          inputMode="numeric"
          className={inputClass}
          value={sortOrder}
          onChange={(e) => setSortOrder(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-hsn`} className="text-sm font-semibold text-stone-800">
          HSN code
        </label>
        <input
          id={`${id}-hsn`}
          inputMode="numeric"
          className={inputClass}
          value={hsnCode}
          onChange={(e) => setHsnCode(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-gst`} className="text-sm font-semibold text-stone-800">
          GST rate
        </label>
        <select
          id={`${id}-gst`}
          className={inputClass}
          value={gstRate}
          onChange={(e) => setGstRate(e.target.value)}
        >
          {/* Decision 0059: a retired slab stays until the owner picks one of today's. */}
          {isRetiredGstRate(Math.round(Number(gstRate) * 100)) && (
            <option value={gstRate}>{gstRate}% (retired on 22 September 2025: choose today's rate)</option>
          )}
          {GST_RATES_BP.map((rate) => (
            <option key={rate} value={String(rate / 100)}>
              {rate / 100}%
            </option>
          ))}
        </select>
      </div>
      <fieldset
        className="grid grid-cols-2 gap-2 sm:col-span-6 sm:grid-cols-4"
        aria-describedby={parcelError ? `${id}-parcel-error` : undefined}
      >
        <legend className="text-sm font-semibold text-stone-800">
          Default parcel for the courier (empty: {parcelSummary(builtIn)})
        </legend>
        {PARCEL_FIELD_NAMES.map((field) => (
          <div key={field} className="flex flex-col gap-1">
            <label htmlFor={`${id}-parcel-${field}`} className="text-sm text-stone-800">
              {PARCEL_LABELS[field]}
            </label>
            <input
              id={`${id}-parcel-${field}`}
              inputMode="numeric"
              className={inputClass}
              placeholder={String(builtIn[field])}
              value={parcelTexts[field]}
              onChange={(e) => setParcelTexts((texts) => ({ ...texts, [field]: e.target.value }))}
            />
          </div>
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
