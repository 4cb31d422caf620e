import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchSuggestions } from '../../../shared/api/catalog';
import { SUGGESTION_QUERY_MAX_LENGTH } from '../../../shared/catalog-limits';
import { formatInr } from '../../../shared/money';
import { productPath } from '../../../shared/slug';
import { SearchIcon } from '../../components/icons';
import { useSuggestions } from './use-suggestions';

/** Where a search (and a category with a search kept) is listed: the listing's own URL rules. */
export type ListingPath = (search: string, category?: string) => string;

type SuggestionOption = {
  id: string;
  group: 'products' | 'categories';
  label: string;
  detail: string;
  image: string | null;
  href: string;
};

function optionsOf(suggestions: SearchSuggestions | null, idBase: string, listingPath: ListingPath) {
  if (!suggestions) return [];
  return [
    ...suggestions.products.map(
      (product): SuggestionOption => ({
        id: `${idBase}-product-${product.id}`,
        group: 'products',
        label: product.name,
        detail: `${product.category} · ${formatInr(product.price)}`,
        image: product.image,
        href: productPath(product),
      }),
    ),
    ...suggestions.categories.map(
      (category): SuggestionOption => ({
        id: `${idBase}-category-${category.slug}`,
        group: 'categories',
        label: category.search ? `“${category.search}” in ${category.name}` : category.name,
        detail: 'Category',
        image: null,
        href: listingPath(category.search ?? '', category.slug),
      }),
    ),
  ];
}

const GROUP_LABELS = { products: 'Products', categories: 'Categories' } as const;

/**
 * Issue 25: the header's search box, a WAI-ARIA combobox. Suggestions (products, then categories)
 * follow the typing; arrows move through them (focus stays in the box, aria-activedescendant
 * names the active one), Enter opens the active one or searches the listing for the text, Escape
 * closes the list and then clears the box.
 */
export function SearchCombobox({
  listingPath,
  autoFocus = false,
  onDone,
}: {
  listingPath: ListingPath;
  autoFocus?: boolean;
  /** Called after the shopper picked a suggestion or searched (the phone's search row closes). */
  onDone?: () => void;
}) {
  const idBase = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const state = useSuggestions(text, focused);
  const options = optionsOf(state.suggestions, idBase, listingPath);
  const typed = text.trim();
  const answered = state.suggestions !== null || state.failed;
  const open = focused && !dismissed && typed.length >= 2 && (answered || state.loading);
  const active = open ? options[activeIndex] : undefined;
  const listId = `${idBase}-list`;

  const finish = (href: string) => {
    setActiveIndex(-1);
    setDismissed(true);
    inputRef.current?.blur();
    navigate(href);
    onDone?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (active) return finish(active.href);
    if (typed) finish(listingPath(typed));
    else inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setDismissed(false);
        return;
      }
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index < 0 && step < 0 ? count - 1 : (index + step + count) % count));
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setDismissed(true);
        setActiveIndex(-1);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    }
  };

  const summary = state.failed
    ? 'Suggestions are unavailable right now. Press Enter to search.'
    : state.suggestions && options.length === 0 && !state.loading
      ? `No suggestions for “${typed}”. Press Enter to search all products.`
      : null;
  const announced = !open
    ? ''
    : (summary ??
      (state.suggestions && !state.loading
        ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}`
        : ''));

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not known to React's DOM yet (it warns)
    <form role="search" onSubmit={submit} className="relative w-full">
      <label htmlFor={`${idBase}-input`} className="sr-only">
        Search gifts
      </label>
      <div className="flex items-center rounded-full border border-stone-300 bg-white focus-within:border-brand-700">
        <input
          ref={inputRef}
          id={`${idBase}-input`}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={active?.id}
          autoComplete="off"
          enterKeyHint="search"
          // biome-ignore lint/a11y/noAutofocus: the phone's search row opens for typing at once
          autoFocus={autoFocus}
          maxLength={SUGGESTION_QUERY_MAX_LENGTH}
          placeholder="Search gifts, e.g. diya"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setDismissed(false);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="min-h-10 w-full min-w-0 rounded-full bg-transparent py-2 pr-1 pl-4 text-base text-stone-900 outline-none placeholder:text-stone-500 [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          aria-label="Search"
          className="mr-1 flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-brand-100"
        >
          <SearchIcon className="h-5 w-5" />
        </button>
      </div>
      <p role="status" className="sr-only">
        {announced}
      </p>
      <div
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-brand-100 bg-white py-1 shadow-lg"
      >
        <div role="listbox" id={listId} aria-label="Search suggestions">
          {(['products', 'categories'] as const).map((group) => {
            const inGroup = options.filter((option) => option.group === group);
            if (inGroup.length === 0) return null;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role group (a fieldset is not allowed in it)
              <div key={group} role="group" aria-labelledby={`${idBase}-${group}`}>
                <div
                  id={`${idBase}-${group}`}
                  role="presentation"
                  className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase"
                >
                  {GROUP_LABELS[group]}
                </div>
                {inGroup.map((option) => (
                  <div
                    key={option.id}
                    id={option.id}
                    role="option"
                    aria-selected={option === active}
                    tabIndex={-1}
                    // Keeps the focus in the box, so the list does not close before the click.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => finish(option.href)}
                    onKeyDown={() => {}}
                    className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${
                      option === active ? 'bg-brand-100' : 'hover:bg-brand-50'
                    }`}
                  >
                    {option.image && (
                      <img
                        src={option.image}
                        alt=""
                        width={40}
                        height={40}
                        loading="lazy"
                        className="h-10 w-10 shrink-0 rounded-md bg-brand-50 object-cover"
                      />
                    )}
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate font-semibold text-stone-900">{option.label}</span>
                      <span className="truncate text-xs text-stone-600">{option.detail}</span>
                    </span>
                  </div>
                ))}
              </div>
            );
          })}
        </div>
        {state.loading && options.length === 0 && (
          <p className="px-3 py-2 text-sm text-stone-600">Searching…</p>
        )}
        {summary && <p className="px-3 py-2 text-sm text-stone-700">{summary}</p>}
      </div>
    </form>
  );
}
