// The coupons module's public entry.
export {
  type AppliedCoupon,
  type CouponService,
  createCouponService,
  UNKNOWN_CODES_PER_HOUR,
} from './coupon-service';
export { couponRoutes } from './routes';
