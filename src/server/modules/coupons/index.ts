// The coupons module's public entry.
export { type AppliedCoupon, type CouponService, createCouponService } from './coupon-service';
export { couponRoutes } from './routes';
