import { describe, expect, it } from 'vitest';
import type { DeliveryInfo } from '../../../shared/delivery';
import { INVALID_PINCODE_DELIVERY } from '../../../shared/delivery-rules';
import { expectedDeliveryText } from './delivery-estimate';

const delhi: DeliveryInfo = {
  serviceable: true,
  days: '3-5 Days',
  message: 'Standard delivery',
  type: 'standard',
  fastDelivery: false,
  city: 'Central Delhi',
  isPreOrder: false,
  shipping: { cost: 50, free: false, message: '₹50 shipping charge' },
};
const inStock = { hasInStock: true, hasPreOrder: false };
const checked = (info: DeliveryInfo) => ({ status: 'checked' as const, postalCode: '110001', info });

describe("checkout's Expected Delivery sentence (copy that reads naturally)", () => {
  it.each([
    ['3-5 Days', 'Arrives in 3-5 days.'],
    ['1 Day', 'Arrives tomorrow.'],
  ])('says %j as %j', (days, sentence) => {
    expect(expectedDeliveryText(checked({ ...delhi, days }), inStock)).toBe(sentence);
  });

  it('gives the reason create-order would refuse an address it cannot deliver to', () => {
    expect(expectedDeliveryText(checked(INVALID_PINCODE_DELIVERY), inStock)).toBe(
      'Please enter a valid delivery pincode.',
    );
    expect(
      expectedDeliveryText(
        checked({ ...delhi, serviceable: false, message: "Sorry, we don't deliver to this pincode yet" }),
        inStock,
      ),
    ).toBe("Sorry, we don't deliver to this pincode yet.");
  });
});
