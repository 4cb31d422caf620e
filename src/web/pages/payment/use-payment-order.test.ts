import { describe, expect, it } from 'vitest';
import { purchaseOf } from './use-payment-order';

// SPEC 1: the purchase GA4 is told of, in INR, as the order was placed.

describe("the payment page's purchase", () => {
  it('names each line, the order as the transaction, its delivery charges and the coupon', () => {
    const request = {
      items: [
        { id: 7, name: 'Chocolate Truffle Cake', category: 'Cakes', price: 849, quantity: 2 },
        { id: 9, name: 'Greeting Card', category: '', price: 99, quantity: 1 },
      ],
      couponCode: 'DIWALI',
    };
    expect(purchaseOf(request, { orderNumber: 'UG-1042', totalAmount: 1946 }, 248)).toEqual([
      [
        {
          item_id: '7',
          item_name: 'Chocolate Truffle Cake',
          item_category: 'Cakes',
          price: 849,
          quantity: 2,
        },
        { item_id: '9', item_name: 'Greeting Card', item_category: undefined, price: 99, quantity: 1 },
      ],
      { transaction_id: 'UG-1042', value: 1946, shipping: 248, coupon: 'DIWALI' },
    ]);
    expect(purchaseOf({ items: [] }, { orderNumber: 'UG-1043', totalAmount: 499 }, 0)[1]).toEqual({
      transaction_id: 'UG-1043',
      value: 499,
      shipping: 0,
    });
  });
});
