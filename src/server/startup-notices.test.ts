import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { CURRENT_GRAPH_API_VERSION, GRAPH_API_VERSIONS } from './graph-api-versions';
import { startupNotices, TEST_MODE_NOTICE } from './startup-notices';
import { createTestClock } from './testing/test-app';

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

  describe('the WhatsApp Cloud API version', () => {
    const cloudApi = {
      WHATSAPP_PROVIDER: 'cloud-api',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_ACCESS_TOKEN: 'EAAG-a-long-enough-access-token',
      WHATSAPP_APP_SECRET: 'whatsapp-app-secret-value',
      WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify-token-value',
    };
    const retirementNotice = (env: Record<string, string>, clock: ReturnType<typeof createTestClock>) =>
      startupNotices(loadConfig(env), clock).find((line) => line.includes('Graph API'));

    it('defaults to the newest version Meta publishes, which has no retirement date yet', () => {
      expect(loadConfig({}).WHATSAPP_API_VERSION).toBe(CURRENT_GRAPH_API_VERSION);
      expect(CURRENT_GRAPH_API_VERSION).toBe('v26.0');
      expect(GRAPH_API_VERSIONS.find((row) => row.version === 'v26.0')?.retires).toBeNull();
    });

    it('warns from a month before Meta retires the configured version, and after', () => {
      const env = { ...cloudApi, WHATSAPP_API_VERSION: 'v21.0' };
      const clock = createTestClock('2026-12-21T23:59:00Z');
      expect(retirementNotice(env, clock)).toBeUndefined();
      clock.set('2026-12-22T00:00:00Z');
      expect(retirementNotice(env, clock)).toBe(
        'Warning: Meta retires Graph API v21.0 on 2027-01-21; after that WhatsApp messages sent with WHATSAPP_API_VERSION=v21.0 fail. Set WHATSAPP_API_VERSION=v26.0 (or leave it unset for the default).',
      );
      clock.set('2027-01-21T00:00:00Z');
      expect(retirementNotice(env, clock)).toMatch(/^Warning: Meta retired Graph API v21\.0 on 2027-01-21; /);
    });

    it('says nothing for the sandbox, the default version, or a version newer than the table', () => {
      const clock = createTestClock('2030-01-01T00:00:00Z');
      expect(retirementNotice({ WHATSAPP_API_VERSION: 'v21.0' }, clock)).toBeUndefined();
      expect(retirementNotice(cloudApi, clock)).toBeUndefined();
      expect(retirementNotice({ ...cloudApi, WHATSAPP_API_VERSION: 'v30.0' }, clock)).toBeUndefined();
    });
  });
});
