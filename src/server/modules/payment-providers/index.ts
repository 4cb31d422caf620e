// The payment providers' public entry: Razorpay and the built-in sandbox behind one interface.
export {
  type CapturedAmount,
  hmacSha256Hex,
  type PaymentProvider,
  type ProviderCapture,
  paymentSignature,
  signaturesMatch,
} from './payment-provider';
export { loadSandboxSecrets, type SandboxProvider, sandboxId } from './sandbox-provider';
export { createPaymentProvider, paymentCspSources } from './select-provider';
