import { describe, expect, it } from 'vitest';
import { type AdminCoupon, COUPON_EDIT_MESSAGES } from '../../../shared/api/coupons';
import { COUPON_MESSAGES } from '../../../shared/coupon';
import { createTestProduct, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { setUpTestStore } from '../../testing/test-store';

const store = setUpTestStore({
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: true,
});

const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  store.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: store.admin.headers,
    ...(payload ? { payload } : {}),
  });

const coupon = (fields: Record<string, unknown> = {}) => ({
  code: 'DIWALI100',
  description: 'Diwali: ₹100 off',
  kind: 'flat',
  value: 100,
  minOrder: 500,
  ...fields,
});

describe('editing and retiring coupons (decision 0077)', () => {
  it('edits a coupon no order has used, and retires one an order has', async () => {
    const created = await send('POST', '/coupons', coupon());
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ coupon: AdminCoupon }>().coupon;

    const edited = await send('PUT', `/coupons/${id}`, coupon({ code: 'diwali150', value: 150 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ coupon: AdminCoupon }>().coupon).toMatchObject({
      code: 'DIWALI150',
      value: 150,
      used: false,
      retiredAt: null,
    });

    // A shopper's order takes ₹150 off a ₹2,000 hamper.
    const hamper = await createTestProduct(store.database, { name: 'Diwali Hamper', priceRupees: 2000 });
    await placeOrder(store.app, store.customer.headers, [{ product: hamper, quantity: 1 }], {
      couponCode: 'DIWALI150',
      totalAmount: 1850,
    });

    const refused = await send('PUT', `/coupons/${id}`, coupon({ code: 'DIWALI150', value: 500 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(COUPON_EDIT_MESSAGES.used);
    const listed = (await store.app.inject({ url: '/api/admin/coupons', headers: store.admin.headers }))
      .json<{ data: AdminCoupon[] }>()
      .data.find((each) => each.id === id);
    expect(listed).toMatchObject({ value: 150, used: true, active: true });

    const retired = await send('POST', `/coupons/${id}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json<{ coupon: AdminCoupon }>().coupon).toMatchObject({ active: false, used: true });
    expect(retired.json<{ coupon: AdminCoupon }>().coupon.retiredAt).not.toBeNull();
    const switchedOn = await send('PATCH', `/coupons/${id}`, { active: true });
    expect(switchedOn.statusCode).toBe(409);
    expect(switchedOn.json<{ message: string }>().message).toBe(COUPON_EDIT_MESSAGES.retired);

    // A shopper can no longer use it.
    const checked = await store.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      headers: store.customer.headers,
      payload: { code: 'DIWALI150', items: [{ productId: hamper.id, quantity: 1 }] },
    });
    expect(checked.statusCode).toBe(409);
    expect(checked.json<{ message: string }>().message).toBe(COUPON_MESSAGES.notFound);
  });
});
