import { randomInt } from 'node:crypto';
import type { Config } from '../../config';
import { installationSecrets } from '../../installation-secrets';
import { hmacSha256Hex, type PaymentProvider, paymentSignature, signatureChecks } from './payment-provider';

const SANDBOX_KEY_ID = 'rzp_test_sandbox';
const SANDBOX_CHECKOUT_SCRIPT = '/sandbox/checkout.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-shaped ids (`order_`, `pay_`, `rfnd_` and 14 characters), unguessable. */
export function sandboxId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  let id = '';
  for (let index = 0; index < 14; index++) id += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}_${id}`;
}

type SandboxSecrets = { keySecret: string; webhookSecret: string };

/**
 * DESIGN 4: the sandbox secrets come from the environment, else are generated once and kept in
 * DATA_DIR/secrets.json (installation-secrets.ts).
 */
export function loadSandboxSecrets(config: Config): SandboxSecrets {
  const fromEnv = { keySecret: config.SANDBOX_KEY_SECRET, webhookSecret: config.SANDBOX_WEBHOOK_SECRET };
  if (fromEnv.keySecret && fromEnv.webhookSecret) {
    return { keySecret: fromEnv.keySecret, webhookSecret: fromEnv.webhookSecret };
  }
  const stored = installationSecrets(config.dataDir, ['sandboxKeySecret', 'sandboxWebhookSecret']);
  return {
    keySecret: fromEnv.keySecret ?? stored.sandboxKeySecret,
    webhookSecret: fromEnv.webhookSecret ?? stored.sandboxWebhookSecret,
  };
}

/** A refund the sandbox made, as Razorpay's refund entity has it (amount in paise). */
export type SandboxRefund = {
  id: string;
  payment_id: string;
  amount: number;
  receipt: string;
  created_at: number;
};

export type SandboxProvider = PaymentProvider & {
  /** The refunds made of a payment, as Razorpay lists them (GET /payments/:id/refunds). */
  refundsOf(paymentId: string): SandboxRefund[];
  /** What the hosted window hands back on success: the signature Razorpay would compute. */
  signPayment(providerOrderId: string, paymentId: string): string;
  /** The X-Razorpay-Signature of a webhook the sandbox sends. */
  signWebhook(rawBody: Buffer): string;
};

/**
 * The built-in provider (the default): it speaks Razorpay's protocol, its hosted window lives
 * under /sandbox/* on this server (sandbox/routes.ts), and it keeps no state of its own: its
 * orders are our orders' provider_order_id.
 */
export function createSandboxProvider(secrets: SandboxSecrets): SandboxProvider {
  // The refunds it made, by receipt. Kept in memory: the sandbox stands in for a provider in
  // development and tests, where one process is the whole store.
  const refunds = new Map<string, SandboxRefund>();
  return {
    name: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    checkoutScriptUrl: SANDBOX_CHECKOUT_SCRIPT,
    async createOrder({ amountPaise }) {
      return { id: sandboxId('order'), amount: amountPaise, currency: 'INR' };
    },
    ...signatureChecks(secrets.keySecret, secrets.webhookSecret),
    async refund(paymentId, amountPaise, receipt) {
      const made = refunds.get(receipt) ?? {
        id: sandboxId('rfnd'),
        payment_id: paymentId,
        amount: amountPaise,
        receipt,
        created_at: Math.floor(Date.now() / 1000),
      };
      refunds.set(receipt, made);
      return { id: made.id };
    },
    refundsOf: (paymentId) => [...refunds.values()].filter((refund) => refund.payment_id === paymentId),
    async fetchPayment() {
      return null;
    },
    signPayment: (providerOrderId, paymentId) =>
      paymentSignature(secrets.keySecret, providerOrderId, paymentId),
    signWebhook: (rawBody) => hmacSha256Hex(secrets.webhookSecret, rawBody),
  };
}
