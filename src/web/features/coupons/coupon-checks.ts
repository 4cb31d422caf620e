import { zodResolver } from '@hookform/resolvers/zod';
import { ValidateCoupon } from '../../../shared/api/coupons';

// The coupon box's check, the server's own rule for a code: coupon-field.tsx loads this module
// when the box is first focused or checked (decision 0088).
export const checkCoupon = zodResolver(ValidateCoupon.pick({ code: true }));
