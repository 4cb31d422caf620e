import { describe, expect, it } from 'vitest';
import { Pincode } from './api/delivery';
import { DeliveryInfo } from './delivery';
import { isBeforeSameDayCutoff, SAME_DAY_CUTOFF_HOUR_IST } from './india-time';
import {
  cityFromPincodeFallback,
  DEFAULT_DELIVERY,
  FALLBACK_DELIVERY_INFO,
  isCompletePincode,
  PINCODE_CACHE_TTL_MS,
  PINCODE_LENGTH,
  PRE_ORDER_DAYS_CHECKOUT,
  PRE_ORDER_DAYS_PRODUCT_PAGE,
  sanitizePincodeInput,
  validatePincode,
} from './pincode';

describe('sanitizePincodeInput (SPEC 5)', () => {
  it('strips non-digits', () => {
    expect(sanitizePincodeInput('560 001')).toBe('560001');
    expect(sanitizePincodeInput('PIN-110001')).toBe('110001');
  });

  it('keeps at most six digits', () => {
    expect(PINCODE_LENGTH).toBe(6);
    expect(sanitizePincodeInput('5600019')).toBe('560001');
  });

  it('leaves a partly typed pincode as typed', () => {
    expect(sanitizePincodeInput('56')).toBe('56');
    expect(sanitizePincodeInput('abc')).toBe('');
  });
});

describe('validatePincode (SPEC 5)', () => {
  it('asks for a pincode when empty', () => {
    expect(validatePincode('')).toEqual({ valid: false, message: 'Please enter pincode' });
    expect(validatePincode('   ')).toEqual({ valid: false, message: 'Please enter pincode' });
  });

  it('needs exactly six characters', () => {
    expect(validatePincode('56000')).toEqual({ valid: false, message: 'Pincode must be 6 digits' });
    expect(validatePincode('5600011')).toEqual({ valid: false, message: 'Pincode must be 6 digits' });
  });

  it('needs digits only', () => {
    expect(validatePincode('56a001')).toEqual({ valid: false, message: 'Pincode must contain only numbers' });
  });

  it('accepts six digits', () => {
    expect(validatePincode('560001')).toEqual({ valid: true, message: 'Valid pincode' });
  });

  it('enables the delivery check only for six digits', () => {
    expect(isCompletePincode('560001')).toBe(true);
    expect(isCompletePincode('56000')).toBe(false);
  });
});

describe('Pincode schema', () => {
  it('accepts and trims a six-digit pincode', () => {
    expect(Pincode.parse(' 110001 ')).toBe('110001');
  });

  it.each([
    ['', 'Please enter pincode'],
    ['1100', 'Pincode must be 6 digits'],
    ['11000x', 'Pincode must contain only numbers'],
  ])('refuses %j with the spec message', (value, message) => {
    const result = Pincode.safeParse(value);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('asks for a pincode when none is given', () => {
    expect(Pincode.safeParse(undefined).error?.issues[0]?.message).toBe('Please enter pincode');
  });
});

describe('cityFromPincodeFallback (SPEC 9)', () => {
  it.each([
    ['560001', 'Bengaluru'],
    ['110001', 'Delhi'],
    ['400001', 'Mumbai'],
    ['600001', 'Chennai'],
    ['700001', 'Kolkata'],
    ['500001', 'Hyderabad'],
    ['411001', 'Pune'],
  ])('names %s as %s by its first three digits', (pincode, city) => {
    expect(cityFromPincodeFallback(pincode)).toBe(city);
  });

  it("falls back to 'India' for any other pincode", () => {
    expect(cityFromPincodeFallback('682001')).toBe('India');
    expect(cityFromPincodeFallback('')).toBe('India');
  });
});

describe('delivery defaults (SPEC 4 and 9)', () => {
  it('is a serviceable standard delivery in 3-7 days, not fast', () => {
    expect(DEFAULT_DELIVERY).toEqual({
      serviceable: true,
      days: '3-7 Days',
      message: 'Standard delivery',
      type: 'standard',
      fastDelivery: false,
    });
  });

  it('falls back to city India with shipping calculated at checkout', () => {
    expect(DeliveryInfo.parse(FALLBACK_DELIVERY_INFO)).toEqual({
      serviceable: true,
      days: '3-7 Days',
      message: 'Standard delivery',
      type: 'standard',
      fastDelivery: false,
      city: 'India',
      isPreOrder: false,
      shipping: { cost: 0, free: false, message: 'calculated at checkout' },
    });
  });

  it('keeps both pre-order windows and the cache lifetime of the spec', () => {
    expect(PRE_ORDER_DAYS_PRODUCT_PAGE).toBe('10-15 Days');
    expect(PRE_ORDER_DAYS_CHECKOUT).toBe('15-20 days');
    expect(PINCODE_CACHE_TTL_MS).toBe(300000);
  });
});

describe('isBeforeSameDayCutoff (SPEC 9: before 2 PM India time)', () => {
  it('is open at 13:59 in India', () => {
    expect(SAME_DAY_CUTOFF_HOUR_IST).toBe(14);
    expect(isBeforeSameDayCutoff(new Date('2025-10-20T13:59:59+05:30'))).toBe(true);
  });

  it('is closed from 14:00 in India', () => {
    expect(isBeforeSameDayCutoff(new Date('2025-10-20T14:00:00+05:30'))).toBe(false);
    expect(isBeforeSameDayCutoff(new Date('2025-10-20T23:30:00+05:30'))).toBe(false);
  });

  it('reads the India date, not the UTC one', () => {
    // 20:00 UTC is 01:30 the next morning in India.
    expect(isBeforeSameDayCutoff(new Date('2025-10-20T20:00:00Z'))).toBe(true);
  });
});
