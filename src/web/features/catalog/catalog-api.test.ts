import { describe, expect, it } from 'vitest';
import { mergeProductPages } from './catalog-api';

describe('merging listing pages', () => {
  const product = (id: number) =>
    ({ id, name: `Gift ${id}` }) as Parameters<typeof mergeProductPages>[0][0]['data'][0];

  it('keeps page order and drops a product seen on an earlier page', () => {
    const merged = mergeProductPages([
      { data: [product(3), product(2)], total: 4 },
      { data: [product(2), product(1)], total: 4 },
    ]);
    expect(merged.map((entry) => entry.id)).toEqual([3, 2, 1]);
  });
});
