import { type KeyboardEvent, type Ref, useImperativeHandle, useLayoutEffect, useState } from 'react';
import type { SearchSuggestions as Suggestions } from '../../../shared/api/catalog';
import { formatInr } from '../../../shared/money';
import { productPath } from '../../../shared/slug';
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

function optionsOf(suggestions: Suggestions | null, idBase: string, listingPath: ListingPath) {
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

/** What the search box shows of the list: its combobox state and the live region's words. */
export type ListView = { open: boolean; activeId: string | undefined; announced: string };

/** What the search box asks of the list. */
export type SuggestionsControl = {
  /** Arrows and Escape while the list is open; true when the key was the list's. */
  keyDown(event: KeyboardEvent<HTMLInputElement>): boolean;
  /** Enter: the active suggestion's address, if one is active; the list closes either way. */
  pick(): string | undefined;
};

/**
 * The suggestions under the header's search box (search-combobox.tsx), loaded when the
 * box is first used. Products, then categories, follow the typing; arrows move through them (focus
 * stays in the box, which names the active one), Escape closes the list.
 */
export function SearchSuggestions({
  text,
  focused,
  idBase,
  listingPath,
  control,
  onView,
  onPick,
}: {
  text: string;
  focused: boolean;
  idBase: string;
  listingPath: ListingPath;
  control: Ref<SuggestionsControl>;
  onView(view: ListView): void;
  onPick(href: string): void;
}) {
  const [dismissed, setDismissed] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  // Typing opens a dismissed list again and starts its arrows from the box.
  const [typedBefore, setTypedBefore] = useState(text);
  if (typedBefore !== text) {
    setTypedBefore(text);
    setDismissed(false);
    setActiveIndex(-1);
  }
  const state = useSuggestions(text, focused);
  const options = optionsOf(state.suggestions, idBase, listingPath);
  const typed = text.trim();
  const answered = state.suggestions !== null || state.failed;
  const open = focused && !dismissed && typed.length >= 2 && (answered || state.loading);
  const active = open ? options[activeIndex] : undefined;

  const close = () => {
    setActiveIndex(-1);
    setDismissed(true);
  };

  useImperativeHandle(control, () => ({
    keyDown(event) {
      const count = options.length;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        if (!open) {
          setDismissed(false);
          return true;
        }
        if (count === 0) return true;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((index) => (index < 0 && step < 0 ? count - 1 : (index + step + count) % count));
        return true;
      }
      if (event.key === 'Escape' && open) {
        event.preventDefault();
        close();
        return true;
      }
      return false;
    },
    pick() {
      close();
      return active?.href;
    },
  }));

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

  // Before the browser paints, so the box's state and the live region never lag the list.
  const activeId = active?.id;
  useLayoutEffect(() => {
    onView({ open, activeId, announced });
  }, [open, activeId, announced, onView]);

  return (
    <div
      hidden={!open}
      className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-brand-100 bg-white py-1 shadow-lg"
    >
      <div role="listbox" id={`${idBase}-list`} aria-label="Search suggestions">
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
                  onClick={() => {
                    close();
                    onPick(option.href);
                  }}
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
  );
}
