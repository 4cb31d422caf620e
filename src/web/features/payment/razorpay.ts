import type { ProviderPaymentError } from '../../../shared/api/payments';

// The options and callbacks of Razorpay's checkout.js, which the built-in sandbox's script also
// speaks (DESIGN 4). Only what this store uses is typed.

export type RazorpaySuccess = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};

export type RazorpayFailure = { error?: ProviderPaymentError };

export type RazorpayOptions = {
  key: string;
  /** In paise. */
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  description: string;
  image: string;
  prefill: { name: string; email: string; contact: string };
  readonly: { email: boolean; contact: boolean; name: boolean };
  theme: { color: string };
  modal: { escape: boolean; confirm_close: boolean; ondismiss(): void };
  handler(response: RazorpaySuccess): void;
};

export type RazorpayCheckout = {
  open(): void;
  /** Takes the window away (Razorpay's and the sandbox's checkout.js both have it). */
  close(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void): void;
};

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}
