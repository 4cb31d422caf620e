import { describe, expect, it } from 'vitest';
import { surplusPartsOf } from './group-gifts';

// Decision 0084: what each friend gets back when a sold-out gift is replaced by a cheaper one.

describe('the surplus of a cheaper gift, shared out', () => {
  it('gives each share its part rounded down, the paise left to the largest remainders, earliest first on a tie', () => {
    const shares = [
      { id: 1, takenPaise: 50_000 },
      { id: 2, takenPaise: 50_000 },
      { id: 3, takenPaise: 49_900 },
    ];
    expect(surplusPartsOf(shares, 49_900)).toEqual([
      { id: 1, paise: 16_645 },
      { id: 2, paise: 16_644 },
      { id: 3, paise: 16_611 },
    ]);
    // Three equal shares of ₹1 back: 34, 33, 33 paise.
    const equal = [1, 2, 3].map((id) => ({ id, takenPaise: 10_000 }));
    expect(surplusPartsOf(equal, 100).map((part) => part.paise)).toEqual([34, 33, 33]);
    expect(surplusPartsOf(equal, 0).map((part) => part.paise)).toEqual([0, 0, 0]);
    // A crore-rupee pool does not lose a paisa to floating point.
    const large = [
      { id: 1, takenPaise: 700_000_001 },
      { id: 2, takenPaise: 299_999_999 },
    ];
    const parts = surplusPartsOf(large, 333_333_333);
    expect(parts.reduce((sum, part) => sum + part.paise, 0)).toBe(333_333_333);
    expect(parts).toEqual([
      { id: 1, paise: 233_333_333 },
      { id: 2, paise: 100_000_000 },
    ]);
  });
});
