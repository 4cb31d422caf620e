import { describe, expect, it } from 'vitest';
import { DeliveryInfo, ShippingCalculation } from './delivery';
import {
  arrivalPhrase,
  DELIVERY_MESSAGES,
  deliveryRefusal,
  INVALID_PINCODE_DELIVERY,
  notDeliverableTo,
} from './delivery-rules';

describe('DeliveryInfo (SPEC 3)', () => {
  it('accepts a same-day record', () => {
    const sameDay = {
      serviceable: true,
      days: 'Today',
      message: 'Same-day delivery',
      type: 'same_day',
      fastDelivery: true,
      city: 'Bengaluru',
      isPreOrder: false,
      shipping: { cost: 50, free: false, message: '₹50 shipping charge' },
    };
    expect(DeliveryInfo.parse(sameDay)).toEqual(sameDay);
  });

  it('refuses a delivery type the spec does not name', () => {
    expect(DeliveryInfo.safeParse({ ...INVALID_PINCODE_DELIVERY, type: 'express' }).success).toBe(false);
  });
});

describe('invalid pincode record (SPEC 5)', () => {
  it('is not serviceable, with days N/A and the message Invalid pincode', () => {
    expect(DeliveryInfo.parse(INVALID_PINCODE_DELIVERY)).toMatchObject({
      serviceable: false,
      days: 'N/A',
      message: 'Invalid pincode',
      type: 'invalid',
      shipping: { message: 'Delivery not available' },
    });
  });
});

describe('delivery messages (SPEC 8)', () => {
  it('uses the words of the error catalogue', () => {
    expect(DELIVERY_MESSAGES).toEqual({
      unserviceable: "Sorry, we don't deliver to this pincode yet",
      courierUnserviceable: "Sorry, our courier partners don't deliver to this pincode yet",
      unserviceableCompact: 'Not available',
      shippingUnavailable: 'Delivery not available',
      invalidPincode: 'Invalid pincode',
      checkFailed: 'Error checking pincode. Please try again.',
      lookupFailedEstimate: 'delivered in 3-7 business days',
    });
    expect(notDeliverableTo('793001')).toBe('Not deliverable to 793001');
  });
});

describe('ShippingCalculation (SPEC 3)', () => {
  it('refuses a negative fee', () => {
    const calculation = {
      subtotal: 400,
      shippingFee: -50,
      total: 350,
      freeShipping: false,
      shippingReason: '₹50 shipping charge',
    };
    expect(ShippingCalculation.safeParse(calculation).success).toBe(false);
  });
});

describe('deliveryRefusal (one rule for checkout and create-order)', () => {
  it('lets an order go to a served pincode', () => {
    expect(deliveryRefusal({ serviceable: true, type: 'standard' })).toBeNull();
  });

  it("says the spec's message for a pincode the store does not serve", () => {
    expect(deliveryRefusal({ serviceable: false, type: 'standard' })).toBe(
      "Sorry, we don't deliver to this pincode yet",
    );
  });

  it('asks for a valid pincode when it is not in the directory (999999)', () => {
    expect(
      deliveryRefusal({
        serviceable: false,
        type: 'standard',
        message: DELIVERY_MESSAGES.courierUnserviceable,
      }),
    ).toBe("Sorry, our courier partners don't deliver to this pincode yet");
    expect(deliveryRefusal(INVALID_PINCODE_DELIVERY)).toBe('Please enter a valid delivery pincode');
  });
});

describe('arrivalPhrase (delivery copy that reads naturally)', () => {
  it.each([
    ['Today', 'today'],
    ['1 Day', 'tomorrow'],
    ['3-5 Days', 'in 3-5 days'],
    ['15-20 days', 'in 15-20 days'],
  ])('turns %j into "arrives %s"', (days, phrase) => {
    expect(arrivalPhrase(days)).toBe(phrase);
  });
});
