import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetRecentlyViewed,
  RECENTLY_VIEWED_KEPT,
  RECENTLY_VIEWED_KEY,
  readRecentlyViewed,
  recordProductView,
} from './recently-viewed';

describe('recently viewed products', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the latest view first and a product once', () => {
    recordProductView(7);
    recordProductView(12);
    recordProductView(7);
    expect(readRecentlyViewed()).toEqual([7, 12]);
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '')).toEqual([7, 12]);
  });

  it(`keeps only the last ${RECENTLY_VIEWED_KEPT} products`, () => {
    for (let id = 1; id <= RECENTLY_VIEWED_KEPT + 3; id++) recordProductView(id);
    const kept = readRecentlyViewed();
    expect(kept).toHaveLength(RECENTLY_VIEWED_KEPT);
    expect(kept[0]).toBe(RECENTLY_VIEWED_KEPT + 3);
    expect(kept).not.toContain(3);
  });

  it('starts afresh from a corrupted or foreign stored value', () => {
    localStorage.setItem(RECENTLY_VIEWED_KEY, '{not json');
    expect(readRecentlyViewed()).toEqual([]);
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify({ ids: [1] }));
    expect(readRecentlyViewed()).toEqual([]);
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([5, '6', -1, 2.5, null, 5, 9]));
    expect(readRecentlyViewed()).toEqual([5, 9]);
    recordProductView(3);
    expect(readRecentlyViewed()).toEqual([3, 5, 9]);
  });

  it('forgets products the catalogue no longer has', () => {
    recordProductView(1);
    recordProductView(2);
    recordProductView(3);
    forgetRecentlyViewed([2]);
    expect(readRecentlyViewed()).toEqual([3, 1]);
  });
});
