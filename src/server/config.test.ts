import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ORIGIN_PINCODE).toBe('560001');
    expect(config.FREE_SHIPPING_FROM_RUPEES).toBe(1000);
  });

  it('stops with a one-line message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      'Invalid environment variable DATABASE_URL: must start with postgres:// or postgresql://',
    );
    expect(() => loadConfig({ ORIGIN_PINCODE: '5600' })).toThrow(
      'Invalid environment variable ORIGIN_PINCODE: must be a six-digit pincode',
    );
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('reads comma-separated blocked pincode prefixes', () => {
    expect(loadConfig({ BLOCKED_PINCODE_PREFIXES: '194, 744' }).BLOCKED_PINCODE_PREFIXES).toEqual([
      '194',
      '744',
    ]);
  });
});
