import { type FormEvent, type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUGGESTION_QUERY_MAX_LENGTH } from '../../../shared/catalog-limits';
import { SearchIcon } from '../../components/icons';
import type { ListingPath, ListView, SuggestionsControl } from './search-suggestions';

export type { ListingPath } from './search-suggestions';

// The suggestions' code is not needed to show the box: it loads when the box is first pressed or
// focused, and whatever is typed meanwhile stays in the box and is suggested for once it arrives.
const loadSuggestions = () => import('./search-suggestions');
const SearchSuggestions = lazy(() =>
  loadSuggestions().then((module) => ({ default: module.SearchSuggestions })),
);

/** Starts loading the suggestions before the box shows (the phone's search button). */
export function preloadSearchSuggestions() {
  void loadSuggestions();
}

const CLOSED: ListView = { open: false, activeId: undefined, announced: '' };

/**
 * The header's search box, a WAI-ARIA combobox. Suggestions (search-suggestions.tsx)
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
  const suggestions = useRef<SuggestionsControl>(null);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [used, setUsed] = useState(false);
  const [view, setView] = useState<ListView>(CLOSED);
  const typed = text.trim();

  const finish = (href: string) => {
    inputRef.current?.blur();
    navigate(href);
    onDone?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const href = suggestions.current?.pick() ?? (typed ? listingPath(typed) : undefined);
    if (href) finish(href);
    else inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.current?.keyDown(event)) return;
    if (event.key === 'Escape' && text) {
      event.preventDefault();
      setText('');
    }
  };

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
          aria-expanded={view.open}
          aria-controls={`${idBase}-list`}
          aria-activedescendant={view.activeId}
          autoComplete="off"
          enterKeyHint="search"
          // biome-ignore lint/a11y/noAutofocus: the phone's search row opens for typing at once
          autoFocus={autoFocus}
          maxLength={SUGGESTION_QUERY_MAX_LENGTH}
          placeholder="Search gifts, e.g. diya"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPointerDown={() => setUsed(true)}
          onFocus={() => {
            setFocused(true);
            setUsed(true);
          }}
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
        {view.announced}
      </p>
      {used && (
        <Suspense fallback={null}>
          <SearchSuggestions
            text={text}
            focused={focused}
            idBase={idBase}
            listingPath={listingPath}
            control={suggestions}
            onView={setView}
            onPick={finish}
          />
        </Suspense>
      )}
    </form>
  );
}
