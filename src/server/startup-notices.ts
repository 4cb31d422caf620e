import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import { graphApiRetirementWarning } from './graph-api-versions';
import { listeningOrigin } from './http/public-origin';

export const TEST_MODE_NOTICE =
  'Test mode: payments are simulated by the built-in sandbox and nothing is charged. Set PAYMENTS=razorpay with RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to take real payments.';

/**
 * What an operator must know before the store opens, printed once in start-up's first
 * lines: that payments are simulated, that links fall back to this machine's address, and that
 * Meta retires the WhatsApp Cloud API version in use within a month (graph-api-versions.ts).
 */
export function startupNotices(config: Config, clock: Clock = systemClock): string[] {
  const notices: string[] = [];
  if (config.paymentProvider === 'sandbox') notices.push(TEST_MODE_NOTICE);
  if (!config.PUBLIC_URL) {
    const fallback =
      config.PORT === 0 ? 'the address it listens at' : listeningOrigin(config.HOST, config.PORT);
    notices.push(
      `Warning: PUBLIC_URL is not set, so canonical links, the sitemap and robots.txt point at ${fallback} (or the localhost address a page was asked at), and links in e-mails point at ${fallback}. Set PUBLIC_URL to the store's public address, e.g. https://www.example.in.`,
    );
  }
  if (config.WHATSAPP_PROVIDER === 'cloud-api') {
    const retiring = graphApiRetirementWarning(config.WHATSAPP_API_VERSION, clock.now());
    if (retiring) notices.push(retiring);
  }
  return notices;
}
