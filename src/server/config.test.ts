import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { storeIdentityFrom } from './store-identity';

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

  it('reads customer care and the Grievance Officer, customer care e-mail falling back to SUPPORT_EMAIL', () => {
    const defaults = loadConfig({ SUPPORT_EMAIL: 'help@diyacrafts.in' });
    expect(defaults.CUSTOMER_CARE_PHONE).toBe('+91 80 4567 8900');
    expect(storeIdentityFrom(defaults).customerCare).toEqual({
      phone: '+91 80 4567 8900',
      email: 'help@diyacrafts.in',
    });
    const set = loadConfig({
      CUSTOMER_CARE_EMAIL: 'care@diyacrafts.in',
      GRIEVANCE_OFFICER_NAME: 'Anjali Deshpande',
    });
    expect(storeIdentityFrom(set).customerCare.email).toBe('care@diyacrafts.in');
    expect(storeIdentityFrom(set).grievanceOfficer.name).toBe('Anjali Deshpande');
    expect(() => loadConfig({ CUSTOMER_CARE_PHONE: 'call us' })).toThrow(
      'Invalid environment variable CUSTOMER_CARE_PHONE: must be a phone number like +91 80 4567 8900',
    );
  });

  it('refuses a GSTIN registered in another State than STORE_STATE, which invoices tax by', () => {
    expect(() => loadConfig({ STORE_GSTIN: '27AAPFU0939F1ZV' })).toThrow(
      "Invalid environment variable STORE_GSTIN: This GSTIN is not registered in Karnataka, the store's State for GST (STORE_STATE)",
    );
    expect(loadConfig({ STORE_GSTIN: '27AAPFU0939F1ZV', STORE_STATE: 'Maharashtra' }).STORE_GSTIN).toBe(
      '27AAPFU0939F1ZV',
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

  it('needs a bucket for S3 storage and both S3 keys or neither', () => {
    expect(loadConfig({}).STORAGE).toBe('local');
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(
      'Invalid environment variable S3_BUCKET: must be set when STORAGE=s3',
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'utsav-media', S3_ACCESS_KEY_ID: 'AKIA1' })).toThrow(
      'Invalid environment variable S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
    );
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'utsav-media' }).S3_REGION).toBe('ap-south-1');
  });

  it("stops on the sandbox courier's published token or a short one, naming the variable", () => {
    expect(() => loadConfig({ SANDBOX_COURIER_TOKEN: 'sandbox-courier-token-0001' })).toThrow(
      'Invalid environment variable SANDBOX_COURIER_TOKEN: is a published default: remove it to have a random one generated, or set a random value',
    );
    expect(() => loadConfig({ SANDBOX_COURIER_TOKEN: 'courier-token' })).toThrow(
      'Invalid environment variable SANDBOX_COURIER_TOKEN: must be at least 16 characters',
    );
    // Unset, the installation generates its own (sandbox-courier-token.test.ts).
    expect(loadConfig({}).SANDBOX_COURIER_TOKEN).toBeUndefined();
  });

  it('accepts only redis URLs and metrics tokens long enough to guess at', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(
      'Invalid environment variable REDIS_URL: must start with redis:// or rediss://',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'Invalid environment variable METRICS_TOKEN: must be at least 16 characters',
    );
  });

  it('chooses who takes payments from PAYMENTS, else from the Razorpay keys', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_1234567890', RAZORPAY_KEY_SECRET: 'razorpay-key-secret' };
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
    expect(loadConfig(keys).paymentProvider).toBe('razorpay');
    expect(loadConfig({ PAYMENTS: 'razorpay', ...keys }).paymentProvider).toBe('razorpay');
    expect(loadConfig({ PAYMENTS: 'sandbox', ...keys }).paymentProvider).toBe('sandbox');
  });

  it('refuses PAYMENTS=razorpay without both keys with one line naming the missing one', () => {
    expect(() => loadConfig({ PAYMENTS: 'razorpay' })).toThrow(
      new ConfigError('Invalid environment variable RAZORPAY_KEY_ID: must be set when PAYMENTS=razorpay'),
    );
    expect(() => loadConfig({ PAYMENTS: 'razorpay', RAZORPAY_KEY_ID: 'rzp_live_1234567890' })).toThrow(
      new ConfigError('Invalid environment variable RAZORPAY_KEY_SECRET: must be set when PAYMENTS=razorpay'),
    );
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_1234567890' })).toThrow(
      'Invalid environment variable RAZORPAY_KEY_SECRET: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set together',
    );
    expect(() => loadConfig({ PAYMENTS: 'paypal' })).toThrow(/^Invalid environment variable PAYMENTS: /);
  });
});
