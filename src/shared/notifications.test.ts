import { describe, expect, it } from 'vitest';
import { parcelNoticeStillTrue } from './notifications';

describe('a parcel’s news at send time (decision 0065)', () => {
  it('drops news the parcel has moved past, so no message contradicts it', () => {
    expect(parcelNoticeStillTrue('out_for_delivery', 'out_for_delivery')).toBe(true);
    expect(parcelNoticeStillTrue('out_for_delivery', 'failed_delivery')).toBe(false);
    expect(parcelNoticeStillTrue('delivery_failed', 'rto_initiated')).toBe(false);
    expect(parcelNoticeStillTrue('order_delivered', 'delivered')).toBe(true);
    for (const status of ['shipped', 'out_for_delivery', 'failed_delivery', 'rto_in_transit', 'returned']) {
      expect(parcelNoticeStillTrue('order_delivered', status)).toBe(false);
      expect(parcelNoticeStillTrue('gift_delivered', status)).toBe(false);
    }
    expect(parcelNoticeStillTrue('order_shipped', 'rto_in_transit')).toBe(false);
    // News that is not about the parcel's way is sent whatever its status.
    expect(parcelNoticeStillTrue('refund_made', 'returned')).toBe(true);
  });
});
