// Recently viewed: the products a shopper opened, newest first, kept in this browser only
// (no account needed). Only ids are kept: names and prices are always read fresh from the catalogue.

import { browserStorage } from '../../browser-storage';

export const RECENTLY_VIEWED_KEY = 'recentlyViewed';
export const RECENTLY_VIEWED_KEPT = 12;

function readStoredIds(): number[] {
  try {
    const stored = JSON.parse(browserStorage()?.getItem(RECENTLY_VIEWED_KEY) ?? '[]') as unknown;
    if (!Array.isArray(stored)) return [];
    return stored.filter((id): id is number => Number.isSafeInteger(id) && id > 0);
  } catch {
    // A corrupted value (or storage turned off) starts the list afresh rather than breaking a page.
    return [];
  }
}

function storeIds(ids: number[]) {
  try {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(ids));
  } catch {
    // Storage can be full or disabled (private mode); remembering views is best effort.
  }
}

/** The viewed product ids, most recent first. */
export function readRecentlyViewed(): number[] {
  return [...new Set(readStoredIds())].slice(0, RECENTLY_VIEWED_KEPT);
}

export function recordProductView(id: number) {
  storeIds([id, ...readRecentlyViewed().filter((seen) => seen !== id)].slice(0, RECENTLY_VIEWED_KEPT));
}

/** Drops products the catalogue no longer has, so they are not asked for again. */
export function forgetRecentlyViewed(ids: readonly number[]) {
  if (ids.length === 0) return;
  storeIds(readRecentlyViewed().filter((id) => !ids.includes(id)));
}
