import { describe, expect, it } from 'vitest';
import { BULK_STATUSES, stepsTo } from './bulk-orders';

describe('stepsTo', () => {
  it('walks a paid order to packed through every status in between', () => {
    expect(stepsTo('paid', 'packed')).toEqual(['confirmed', 'processing', 'packed']);
    expect(stepsTo('packed', 'shipped')).toEqual(['shipped']);
  });

  it('refuses a step back, a standstill and anything off the fulfilment line', () => {
    expect(stepsTo('shipped', 'packed')).toBeNull();
    expect(stepsTo('packed', 'packed')).toBeNull();
    expect(stepsTo('pending', 'packed')).toBeNull();
    expect(stepsTo('cancelled', 'packed')).toBeNull();
    expect(stepsTo('paid', 'cancelled')).toBeNull();
    expect(stepsTo('failed_delivery', 'delivered')).toBeNull();
  });

  it('offers only statuses ahead of a paid order', () => {
    expect(BULK_STATUSES).toEqual([
      'confirmed',
      'processing',
      'packed',
      'shipped',
      'out_for_delivery',
      'delivered',
    ]);
  });
});
