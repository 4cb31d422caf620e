import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '../../../shared/delivery-rules';
import { BANGALORE_DELIVERY, UNSERVED_DELIVERY } from '../../testing/delivery-fixtures';
import { deliveryPlan } from './delivery-plan';

// SPEC 2 and 8: which days checkout offers, and why an address cannot be delivered to.

describe("checkout's delivery plan", () => {
  it("offers a served pincode's days, none for a pre-order, and none before an address", () => {
    const checked = { status: 'checked' as const, postalCode: '560001', info: BANGALORE_DELIVERY };
    expect(deliveryPlan(checked, false)).toEqual({ undeliverable: null, datesPincode: '560001' });
    expect(deliveryPlan(checked, true)).toEqual({ undeliverable: null, datesPincode: null });
    expect(deliveryPlan({ status: 'no-address' }, false)).toEqual({
      undeliverable: null,
      datesPincode: null,
    });
    // While the pincode is checked, and when the lookup could not answer, its days are still asked for.
    expect(deliveryPlan({ status: 'checking', postalCode: '110001' }, false).datesPincode).toBe('110001');
    expect(deliveryPlan({ status: 'unknown', postalCode: '110001' }, false).datesPincode).toBe('110001');
  });

  it('names why a pincode the store does not serve cannot be delivered to, and offers no day', () => {
    const plan = deliveryPlan({ status: 'checked', postalCode: '744301', info: UNSERVED_DELIVERY }, false);
    expect(plan).toEqual({
      undeliverable: { postalCode: '744301', reason: DELIVERY_MESSAGES.unserviceable },
      datesPincode: null,
    });
  });
});
