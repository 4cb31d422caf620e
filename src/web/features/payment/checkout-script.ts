import type { RazorpayConstructor } from './razorpay';

let loading: Promise<RazorpayConstructor> | null = null;

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.paymentCheckout = '';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      // A later attempt adds a fresh element rather than waiting on a dead one.
      script.remove();
      reject(new Error(`The payment script ${src} did not load`));
    });
    document.head.appendChild(script);
  });
}

/**
 * SPEC 7: the provider's script is loaded when the payment page opens, from the address the server
 * names (the sandbox's /sandbox/checkout.js, or Razorpay's checkout.js; the CSP allows exactly it).
 * One load per page life; a failed one is tried again on the next call.
 */
export function loadCheckoutScript(getScriptUrl: () => Promise<string>): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= (async () => {
    await injectScript(await getScriptUrl());
    if (!window.Razorpay) throw new Error('The payment script loaded without a Razorpay constructor');
    return window.Razorpay;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
