import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startupNotices, TEST_MODE_NOTICE } from './startup-notices';

describe('startupNotices', () => {
  it('says first that payments are simulated whenever the sandbox takes them', () => {
    expect(startupNotices(loadConfig({}))[0]).toBe(TEST_MODE_NOTICE);
    expect(TEST_MODE_NOTICE).toMatch(/^Test mode: payments are simulated/);
    const razorpay = { RAZORPAY_KEY_ID: 'rzp_live_1234567890', RAZORPAY_KEY_SECRET: 'razorpay-key-secret' };
    expect(startupNotices(loadConfig(razorpay))).not.toContain(TEST_MODE_NOTICE);
    expect(startupNotices(loadConfig({ PAYMENTS: 'sandbox', ...razorpay }))[0]).toBe(TEST_MODE_NOTICE);
  });

  it('warns to set PUBLIC_URL, naming the listening address links fall back to', () => {
    const [warning] = startupNotices(loadConfig({ PORT: '8080' })).filter((line) =>
      line.includes('PUBLIC_URL'),
    );
    expect(warning).toMatch(
      /^Warning: PUBLIC_URL is not set, so canonical links, the sitemap and robots\.txt point at http:\/\/localhost:8080 /,
    );
    expect(startupNotices(loadConfig({ HOST: '127.0.0.1', PORT: '8080' })).join('\n')).toContain(
      'point at http://127.0.0.1:8080 ',
    );
  });

  it('says nothing of links when PUBLIC_URL is set', () => {
    const notices = startupNotices(loadConfig({ PUBLIC_URL: 'https://www.example.in' }));
    expect(notices.join('\n')).not.toContain('PUBLIC_URL is not set');
  });
});
