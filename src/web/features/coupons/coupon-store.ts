// The code the shopper applied stays with them through checkout and payment in this
// tab (sessionStorage), and is forgotten once the order is paid.
export const COUPON_STORAGE_KEY = 'couponCode';

export function readAppliedCoupon(): string | null {
  try {
    return sessionStorage.getItem(COUPON_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeAppliedCoupon(code: string | null) {
  try {
    if (code === null) sessionStorage.removeItem(COUPON_STORAGE_KEY);
    else sessionStorage.setItem(COUPON_STORAGE_KEY, code);
  } catch {
    // Storage can be disabled (private mode); the coupon then lasts until the page is left.
  }
}

export const forgetAppliedCoupon = () => storeAppliedCoupon(null);
