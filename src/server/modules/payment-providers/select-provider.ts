import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { createRazorpayProvider } from './razorpay-provider';
import { createSandboxProvider, loadSandboxSecrets, type SandboxProvider } from './sandbox-provider';

const usesRazorpay = (config: Config) => config.paymentProvider === 'razorpay';

/**
 * DESIGN 4 and decision 0005: Razorpay when PAYMENTS=razorpay (or, PAYMENTS unset, both keys are set),
 * else the sandbox served by this server. loadConfig has already refused Razorpay without its keys.
 */
export function createPaymentProvider(config: Config): {
  provider: PaymentProvider;
  sandbox: SandboxProvider | null;
} {
  if (usesRazorpay(config)) {
    if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET) {
      throw new Error('Razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
    }
    const provider = createRazorpayProvider({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      apiBase: config.RAZORPAY_API_URL,
      timeoutMs: config.OUTSIDE_CALL_TIMEOUT_MS,
    });
    return { provider, sandbox: null };
  }
  const sandbox = createSandboxProvider(loadSandboxSecrets(config));
  return { provider: sandbox, sandbox };
}

/**
 * DESIGN 5: the CSP allows exactly what the configured provider needs. The sandbox is same-origin;
 * Razorpay's checkout.js comes from its CDN and opens its window in a frame from api.razorpay.com.
 */
export function paymentCspSources(config: Config) {
  if (!usesRazorpay(config)) return { script: [], frame: [], connect: [], img: [] };
  return {
    script: ['https://checkout.razorpay.com'],
    frame: ['https://api.razorpay.com'],
    connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
    img: ['https://cdn.razorpay.com'],
  };
}
