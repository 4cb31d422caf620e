import { type FormEvent, useId, useState } from 'react';
import type { AdminCategory } from '../../../shared/api/admin';
import { productCountLabel } from '../../../shared/catalog-claims';
import { DEFAULT_GST_RATE_BP, GST_RATES_BP } from '../../../shared/gst';
import { Button } from '../../components/button';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { errorMessage, useAdminCategories, useSaveCategory } from './admin-api';
import { inputClass, QueryState } from './admin-ui';

function CategoryForm({ category, onDone }: { category: AdminCategory | null; onDone?(): void }) {
  const id = useId();
  const save = useSaveCategory();
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [sortOrder, setSortOrder] = useState(String(category?.sortOrder ?? 0));
  const [hsnCode, setHsnCode] = useState(category?.hsnCode ?? '9505');
  const [gstRate, setGstRate] = useState(String(category?.gstRate ?? DEFAULT_GST_RATE_BP / 100));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: category?.id ?? null,
        body: { name, description, sortOrder: Number(sortOrder) || 0, hsnCode, gstRate: Number(gstRate) },
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
          {GST_RATES_BP.map((rate) => (
            <option key={rate} value={String(rate / 100)}>
              {rate / 100}%
            </option>
          ))}
        </select>
      </div>
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

export function CategoriesView() {
  const categories = useAdminCategories();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div className="space-y-4">
      <section className="rounded-xl border border-brand-100 bg-white p-4">
        <h2 className="mb-2 font-bold text-stone-900">New category</h2>
        <CategoryForm category={null} />
      </section>
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
                        {category.hsnCode} · GST {category.gstRate}%
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
