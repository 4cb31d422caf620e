import { type FormEvent, useId, useState } from 'react';
import type { AdminCollection, CollectionRule } from '../../../shared/api/admin';
import { productCountLabel } from '../../../shared/catalog-claims';
import { useAdminCategories, useAdminProducts } from '../../api/admin-catalog';
import { errorMessage, inputClass, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useAdminCollections, useDeleteCollection, useSaveCollection } from './shopfront-api';

type Member = AdminCollection['products'][number];
type RuleDraft = { categoryId: string; tag: string; minPrice: string; maxPrice: string; newInDays: string };

const draftOf = (rule: CollectionRule | null): RuleDraft => ({
  categoryId: rule?.categoryId ? String(rule.categoryId) : '',
  tag: rule?.tag ?? '',
  minPrice: rule?.minPrice === null || rule?.minPrice === undefined ? '' : String(rule.minPrice),
  maxPrice: rule?.maxPrice === null || rule?.maxPrice === undefined ? '' : String(rule.maxPrice),
  newInDays: rule?.newInDays ? String(rule.newInDays) : '',
});

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The rule as the API takes it; the server checks it (at least one condition, the band's order). */
const ruleOf = (draft: RuleDraft): CollectionRule => ({
  categoryId: numberOrNull(draft.categoryId),
  tag: draft.tag.trim() === '' ? null : draft.tag.trim(),
  minPrice: numberOrNull(draft.minPrice),
  maxPrice: numberOrNull(draft.maxPrice),
  newInDays: numberOrNull(draft.newInDays),
});

/** Decision 0077: the conditions of an automatic collection; every one given must hold. */
function RuleFields({ draft, onChange }: { draft: RuleDraft; onChange(next: RuleDraft): void }) {
  const id = useId();
  const categories = useAdminCategories();
  const field = (key: keyof RuleDraft, label: string, input: 'number' | 'text') => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${key}`} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type={input}
        inputMode={input === 'number' ? 'decimal' : undefined}
        min={input === 'number' ? 0 : undefined}
        className={inputClass}
        value={draft[key]}
        onChange={(event) => onChange({ ...draft, [key]: event.target.value })}
      />
    </div>
  );
  return (
    <fieldset className="grid gap-2 rounded-lg border border-stone-200 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-stone-900">
        Products that meet every condition you give (leave the others empty)
      </legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-category`} className="text-sm font-semibold text-stone-800">
          Category
        </label>
        <select
          id={`${id}-category`}
          className={inputClass}
          value={draft.categoryId}
          onChange={(event) => onChange({ ...draft, categoryId: event.target.value })}
        >
          <option value="">Any category</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      {field('tag', 'Tag', 'text')}
      {field('minPrice', 'Price from (₹)', 'number')}
      {field('maxPrice', 'Price up to (₹)', 'number')}
      {field('newInDays', 'Added in the last (days)', 'number')}
    </fieldset>
  );
}

/** Members in display order, moved with up/down buttons; products added by searching. */
function CollectionEditor({ collection, onDone }: { collection: AdminCollection | null; onDone(): void }) {
  const id = useId();
  const save = useSaveCollection();
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [featured, setFeatured] = useState(collection?.featured ?? false);
  const [members, setMembers] = useState<Member[]>(collection?.products ?? []);
  const [byRule, setByRule] = useState(collection?.rule != null);
  const [rule, setRule] = useState<RuleDraft>(draftOf(collection?.rule ?? null));
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const found = useAdminProducts({ q: query, archived: 'false', page: 1 }, query !== '');

  const move = (index: number, by: number) => {
    const next = [...members];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    setMembers(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: collection?.id ?? null,
        body: byRule
          ? { name, description, featured, rule: ruleOf(rule) }
          : { name, description, featured, rule: null, productIds: members.map((member) => member.id) },
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-semibold text-stone-800">
            Collection name
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
      </div>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={featured}
          onChange={(e) => setFeatured(e.target.checked)}
        />
        Featured on the home page
      </label>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="text-sm font-semibold text-stone-900">How products are chosen</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" className="h-5 w-5" checked={!byRule} onChange={() => setByRule(false)} />I pick
          them
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" className="h-5 w-5" checked={byRule} onChange={() => setByRule(true)} />
          Automatically, by a rule
        </label>
      </fieldset>
      {byRule ? (
        <>
          <RuleFields draft={rule} onChange={setRule} />
          {collection?.rule && (
            <p className="text-sm text-stone-700">
              Now: {productCountLabel(collection.products.length)}. The list follows the catalogue as products
              are added, changed or archived.
            </p>
          )}
        </>
      ) : (
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
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-1 flex-col gap-1">
              <label htmlFor={`${id}-search`} className="text-sm font-semibold text-stone-800">
                Find a product to add
              </label>
              <input
                id={`${id}-search`}
                type="search"
                className={inputClass}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <Button variant="secondary" onClick={() => setQuery(search)}>
              Find
            </Button>
          </div>
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
                      onClick={() =>
                        setMembers([
                          ...members,
                          { id: product.id, name: product.name, archived: product.archived },
                        ])
                      }
                    >
                      Add
                    </Button>
                  </li>
                ))}
            </ul>
          )}
        </>
      )}
      {save.error && <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {collection ? 'Save collection' : 'Create collection'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
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
