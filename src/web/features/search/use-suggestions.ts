import { useEffect, useState } from 'react';
import type { SearchSuggestions } from '../../../shared/api/catalog';
import { fetchSuggestions } from './search-api';

/** Fewer letters than this say too little to suggest anything useful. */
export const SUGGEST_FROM_LENGTH = 2;
/** A pause in typing this long asks for suggestions; faster keystrokes send nothing. */
export const SUGGEST_DEBOUNCE_MS = 250;

export type SuggestionsState = {
  /** The query the suggestions answer (the one typed may be newer while loading). */
  query: string;
  suggestions: SearchSuggestions | null;
  loading: boolean;
  failed: boolean;
};

const IDLE: SuggestionsState = { query: '', suggestions: null, loading: false, failed: false };

/**
 * Suggestions for `query` once typing pauses. A newer query aborts the request of an older one, so
 * a slow answer for 'cho' can never replace the answer for 'choc'; the last answer stays shown
 * while the next one loads, so the list does not flicker with every letter.
 */
export function useSuggestions(query: string, enabled: boolean): SuggestionsState {
  const [state, setState] = useState<SuggestionsState>(IDLE);
  const wanted = query.trim();
  const active = enabled && wanted.length >= SUGGEST_FROM_LENGTH;

  useEffect(() => {
    if (!active) {
      setState(IDLE);
      return;
    }
    setState((current) => ({ ...current, loading: true, failed: false }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(wanted, controller.signal).then(
        (suggestions) => {
          if (!controller.signal.aborted)
            setState({ query: wanted, suggestions, loading: false, failed: false });
        },
        () => {
          if (!controller.signal.aborted) setState({ ...IDLE, query: wanted, failed: true });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [active, wanted]);

  return active ? state : IDLE;
}
