import { describe, expect, it } from 'vitest';
import { DeclarationOverrides, declarationsOf, netQuantityText, unitSalePrice } from './legal-metrology';

describe('Legal Metrology declarations (decision 0059)', () => {
  it('prices a pack of pieces per piece, and a single piece not at all', () => {
    expect(unitSalePrice(48_000, 12, 'piece')).toEqual({ paise: 4000, per: 'piece' });
    expect(unitSalePrice(48_000, 1, 'piece')).toBeNull();
  });

  it('prices by weight per kg from a kilo up and per gram below', () => {
    expect(unitSalePrice(120_000, 2, 'kg')).toEqual({ paise: 60_000, per: 'kg' });
    expect(unitSalePrice(45_000, 1500, 'g')).toEqual({ paise: 30_000, per: 'kg' });
    expect(unitSalePrice(50_000, 250, 'g')).toEqual({ paise: 200, per: 'g' });
  });

  it("takes each of the product's own declarations over its category's", () => {
    expect(
      declarationsOf(
        { makerRole: 'packer', makerName: 'Utsav Gifts Private Limited', countryOfOrigin: 'India' },
        { makerRole: 'importer', countryOfOrigin: 'France', dimensions: null },
      ),
    ).toEqual({
      makerRole: 'importer',
      makerName: 'Utsav Gifts Private Limited',
      countryOfOrigin: 'France',
      dimensions: null,
    });
  });

  it('writes the net quantity as a shopper reads it', () => {
    expect(netQuantityText(12, 'piece')).toBe('12 pieces');
    expect(netQuantityText(1, 'set')).toBe('1 set');
    expect(netQuantityText(1500, 'g')).toBe('1,500 g');
  });

  it('refuses an unknown declaration and a month that is not one', () => {
    expect(DeclarationOverrides.safeParse({ colour: 'red' }).success).toBe(false);
    expect(DeclarationOverrides.safeParse({ manufacturedMonth: '2026-13' }).error?.issues[0]?.message).toBe(
      'Month of manufacture is a month like 2026-09',
    );
  });
});
