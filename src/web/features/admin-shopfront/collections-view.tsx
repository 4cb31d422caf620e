import { useId, useState } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import type { AdminCollection, CollectionRule } from '../../../shared/api/admin';
import { productCountLabel } from '../../../shared/catalog-claims';
import { useAdminCategories, useAdminProducts } from '../../api/admin-catalog';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CheckboxField, FormField, RadioGroupField, SelectField } from '../../components/form-field';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useAdminCollections, useDeleteCollection, useSaveCollection } from './shopfront-api';

const loadChecks = () => import('./collection-form-checks');
const checkCollectionForm = checksOnFirstUse(loadChecks, (checks) => checks.checkCollectionForm);
const checkProductFinder = checksOnFirstUse(loadChecks, (checks) => checks.checkProductFinder);

type RuleDraft = { categoryId: string; tag: string; minPrice: string; maxPrice: string; newInDays: string };

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

const draftOf = (rule: CollectionRule | null): RuleDraft => ({
  categoryId: rule?.categoryId ? String(rule.categoryId) : '',
  tag: text(rule?.tag),
  minPrice: text(rule?.minPrice),
  maxPrice: text(rule?.maxPrice),
  newInDays: rule?.newInDays ? String(rule.newInDays) : '',
});

/** Decision 0077: the conditions of an automatic collection; every one given must hold. */
function RuleFields({
  field,
  errors,
}: {
  /** The collection form's register of `rule.<key>`. */
  field: (key: keyof RuleDraft) => UseFormRegisterReturn;
  errors: (FieldErrors<RuleDraft> & { message?: string | undefined }) | undefined;
}) {
  const id = useId();
  const categories = useAdminCategories();
  const amount = (key: 'minPrice' | 'maxPrice' | 'newInDays', label: string) => (
    <FormField
      label={label}
      type="number"
      inputMode="decimal"
      min={0}
      error={errors?.[key]?.message}
      {...field(key)}
    />
  );
  return (
    <fieldset
      className="grid gap-2 rounded-lg border border-stone-200 p-3 sm:grid-cols-2"
      aria-describedby={errors?.message ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-stone-900">
        Products that meet every condition you give (leave the others empty)
      </legend>
      <SelectField
        label="Category"
        options={[
          { value: '', label: 'Any category' },
          ...(categories.data ?? []).map((category) => ({
            value: String(category.id),
            label: category.name,
          })),
        ]}
        error={errors?.categoryId?.message}
        {...field('categoryId')}
      />
      <FormField label="Tag" error={errors?.tag?.message} {...field('tag')} />
      {amount('minPrice', 'Price from (₹)')}
      {amount('maxPrice', 'Price up to (₹)')}
      {amount('newInDays', 'Added in the last (days)')}
      {errors?.message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.message}
        </p>
      )}
    </fieldset>
  );
}

type Member = AdminCollection['products'][number];

/** "Find a product to add": its own form beside the collection's, so Enter in it finds. */
function ProductFinder({ members, onAdd }: { members: readonly Member[]; onAdd(member: Member): void }) {
  const [query, setQuery] = useState('');
  const found = useAdminProducts({ q: query, archived: 'false', page: 1 }, query !== '');
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkProductFinder,
    defaultValues: { q: '' },
  });
  return (
    <>
      <form
        onSubmit={handleSubmit((search) => setQuery(search.q ?? ''))}
        onFocus={checkProductFinder.preload}
        noValidate
        aria-label="Find a product to add"
        className="flex flex-wrap items-end gap-2"
      >
        {formState.errors.root && <ErrorBanner>{formState.errors.root.message}</ErrorBanner>}
        <div className="flex-1">
          <FormField
            label="Find a product to add"
            type="search"
            error={formState.errors.q?.message}
            {...register('q')}
          />
        </div>
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </form>
      {query && found.data && (
        <ul className="max-h-60 overflow-y-auto rounded-lg border border-stone-200">
          {found.data.data
            .filter((product) => !members.some((member) => member.id === product.id))
            .map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-2 p-2">
                <span>{product.name}</span>
                <Button
                  variant="secondary"
                  aria-label={`Add ${product.name}`}
                  onClick={() => onAdd({ id: product.id, name: product.name, archived: product.archived })}
                >
                  Add
                </Button>
              </li>
            ))}
        </ul>
      )}
    </>
  );
}

/** Members in display order, moved with up/down buttons; products added by searching. */
function CollectionEditor({ collection, onDone }: { collection: AdminCollection | null; onDone(): void }) {
  const formId = useId();
  const save = useSaveCollection();
  const { register, handleSubmit, formState, watch, setValue } = useCheckedForm({
    checks: checkCollectionForm,
    defaultValues: {
      name: collection?.name ?? '',
      description: collection?.description ?? '',
      featured: collection?.featured ?? false,
      chosenBy: collection?.rule ? ('rule' as const) : ('hand' as const),
      // The members, not typed: the list below keeps them in display order and sends their ids.
      productIds: collection?.products ?? [],
      rule: draftOf(collection?.rule ?? null),
    },
  });
  const errors = formState.errors;
  const byRule = watch('chosenBy') === 'rule';
  const members = watch('productIds');
  const setMembers = (next: Member[]) => setValue('productIds', next, { shouldDirty: true });

  const move = (index: number, by: number) => {
    const next = [...members];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    setMembers(next);
  };
  const submit = handleSubmit((body) =>
    save.mutate({ id: collection?.id ?? null, body }, { onSuccess: onDone }),
  );

  // The collection's fields are one form; the product search below is a form of its own (forms do
  // not nest), and the Save button belongs to the collection's through its id.
  return (
    <div className="space-y-3">
      <form
        id={formId}
        onSubmit={submit}
        onFocus={checkCollectionForm.preload}
        noValidate
        className="space-y-3"
      >
        {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
        <div className="grid gap-2 sm:grid-cols-2">
          <FormField label="Collection name" required error={errors.name?.message} {...register('name')} />
          <FormField label="Description" error={errors.description?.message} {...register('description')} />
        </div>
        <CheckboxField label="Featured on the home page" {...register('featured')} />
        <RadioGroupField
          legend="How products are chosen"
          options={[
            { value: 'hand', label: 'I pick them' },
            { value: 'rule', label: 'Automatically, by a rule' },
          ]}
          error={errors.chosenBy?.message}
          {...register('chosenBy')}
        />
        {byRule && (
          <>
            <RuleFields field={(key) => register(`rule.${key}`)} errors={errors.rule} />
            {collection?.rule && (
              <p className="text-sm text-stone-700">
                Now: {productCountLabel(collection.products.length)}. The list follows the catalogue as
                products are added, changed or archived.
              </p>
            )}
          </>
        )}
      </form>
      {!byRule && (
        <>
          <h3 className="font-semibold">Products in this collection</h3>
          {members.length === 0 ? (
            <p className="text-stone-600">No products yet.</p>
          ) : (
            <ol className="divide-y divide-stone-100 rounded-lg border border-stone-200">
              {members.map((member, index) => (
                <li key={member.id} className="flex items-center gap-2 p-2">
                  <span className="flex-1">
                    {index + 1}. {member.name}
                    {member.archived ? ' (archived)' : ''}
                  </span>
                  <Button
                    variant="ghost"
                    aria-label={`Move ${member.name} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Move ${member.name} down`}
                    disabled={index === members.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${member.name}`}
                    onClick={() => setMembers(members.filter((other) => other.id !== member.id))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ol>
          )}
          {errors.productIds?.message && (
            <p role="alert" className="text-sm text-red-700">
              {errors.productIds.message}
            </p>
          )}
          <ProductFinder members={members} onAdd={(member) => setMembers([...members, member])} />
        </>
      )}
      {save.error && <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>}
      <div className="flex gap-2">
        <Button type="submit" form={formId} disabled={save.isPending}>
          {collection ? 'Save collection' : 'Create collection'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

export function CollectionsView() {
  const collections = useAdminCollections();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCollection | null>(null);
  const remove = useDeleteCollection();
  return (
    <div className="space-y-4">
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the collection'}?`}
        message="The collection leaves the store and its page stops working. Its products stay."
        confirmLabel="Delete the collection"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
      {remove.error && <ErrorBanner>{errorMessage(remove.error)}</ErrorBanner>}
      {editing === 'new' ? (
        <section className="rounded-xl border border-brand-100 bg-white p-4">
          <h2 className="mb-2 font-bold text-stone-900">New collection</h2>
          <CollectionEditor collection={null} onDone={() => setEditing(null)} />
        </section>
      ) : (
        <Button onClick={() => setEditing('new')}>New collection</Button>
      )}
      <QueryState isPending={collections.isPending} error={collections.error} label="collections">
        {collections.data?.length === 0 ? (
          <EmptyState title="No collections yet" />
        ) : (
          <ul className="divide-y divide-stone-100 rounded-xl border border-brand-100 bg-white">
            {collections.data?.map((collection) => (
              <li key={collection.id} className="p-3">
                {editing === collection.id ? (
                  <CollectionEditor collection={collection} onDone={() => setEditing(null)} />
                ) : (
                  <div className="flex items-center justify-between gap-2">
                    <div>
                      <p className="font-semibold">
                        {collection.name}
                        {collection.featured ? ' · Featured' : ''}
                      </p>
                      <p className="text-sm text-stone-600">
                        {productCountLabel(collection.products.length)}
                        {collection.rule ? ' · Automatic' : ' · Hand-picked'}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        aria-label={`Edit ${collection.name}`}
                        onClick={() => setEditing(collection.id)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="ghost"
                        aria-label={`Delete ${collection.name}`}
                        onClick={() => setDeleting(collection)}
                      >
                        Delete
                      </Button>
                    </div>
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
