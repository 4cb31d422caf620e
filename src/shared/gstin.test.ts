import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, isValidGstin, normaliseGstin } from './gstin';

describe('GSTIN', () => {
  it('computes the GST Network check character', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('24AAACC4175D1Z')).toBe('4');
  });

  it('accepts a real GSTIN however it was typed', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin(' 27aapfu0939f1zv ')).toBe(true);
    expect(normaliseGstin('27 aapfu 0939 f1zv')).toBe('27AAPFU0939F1ZV');
  });

  it('refuses a wrong check character, a bad shape or a state code 00', () => {
    expect(isValidGstin('27AAPFU0939F1ZX')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('27AAPF10939F1ZV')).toBe(false);
    expect(isValidGstin(`00AAPFU0939F1Z${gstinCheckCharacter('00AAPFU0939F1Z')}`)).toBe(false);
  });
});
