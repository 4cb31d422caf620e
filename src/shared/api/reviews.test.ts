import { describe, expect, it } from 'vitest';
import { reviewerName } from './reviews';

describe("a reviewer's name as the product page shows it", () => {
  it('is the first name and the last initial, or the username without a name', () => {
    expect(reviewerName('Meera Iyer', 'meera')).toBe('Meera I.');
    expect(reviewerName('Kavya', 'kavya')).toBe('Kavya');
    expect(reviewerName('  ', 'shopper42')).toBe('shopper42');
  });

  it("keeps a demo reviewer's marker whole (decision 0059)", () => {
    expect(reviewerName('Rahul (demo)', 'demo-reviewer-2')).toBe('Rahul (demo)');
  });
});
