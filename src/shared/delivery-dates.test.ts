import { describe, expect, it } from 'vitest';
import {
  DELIVERY_DATE_MESSAGES,
  type DeliveryBasis,
  DeliveryChoice,
  deliveryChoiceProblem,
  deliveryDateOptions,
  earliestDeliveryDate,
} from './delivery-dates';
import { DELIVERY_MESSAGES } from './delivery-rules';
import { formatIndiaDay } from './india-time';

// 11:30 and 14:30 India time on Monday 23 November 2026; 00:30 India time on the 24th.
const MORNING = new Date('2026-11-23T06:00:00.000Z');
const AFTERNOON = new Date('2026-11-23T09:00:00.000Z');
const JUST_AFTER_MIDNIGHT = new Date('2026-11-23T19:00:00.000Z');

const basis = (
  type: DeliveryBasis['info']['type'],
  days: string,
  extra: Partial<DeliveryBasis['info']> & { inSameDayArea?: boolean } = {},
): DeliveryBasis => {
  const { inSameDayArea = false, ...info } = extra;
  return { info: { serviceable: true, type, days, isPreOrder: false, ...info }, inSameDayArea };
};

// The engine's answers for a Bengaluru pincode before and after 2 PM, near and far pincodes.
const BENGALURU_MORNING = basis('same_day', 'Today', { inSameDayArea: true });
const BENGALURU_AFTERNOON = basis('next_day', '1 Day', { inSameDayArea: true });
const MYSURU = basis('next_day', '1 Day');
const DELHI = basis('standard', '3-5 Days');

describe('earliestDeliveryDate', () => {
  it('is today for a same-day pincode before 2 PM India time', () => {
    expect(earliestDeliveryDate(BENGALURU_MORNING, MORNING)).toBe('2026-11-23');
  });

  it('is tomorrow once the engine answers next-day after the cut-off', () => {
    expect(earliestDeliveryDate(BENGALURU_AFTERNOON, AFTERNOON)).toBe('2026-11-24');
  });

  it('is tomorrow for a same-day answer read after the cut-off', () => {
    expect(earliestDeliveryDate(BENGALURU_MORNING, AFTERNOON)).toBe('2026-11-24');
  });

  it('starts a standard range at its first day', () => {
    expect(earliestDeliveryDate(DELHI, MORNING)).toBe('2026-11-26');
  });

  it('counts from the India date, which starts at 18:30 UTC', () => {
    expect(earliestDeliveryDate(MYSURU, JUST_AFTER_MIDNIGHT)).toBe('2026-11-25');
  });

  it('has none for a pre-order, an unserviceable or an invalid pincode', () => {
    expect(earliestDeliveryDate(basis('standard', '10-15 Days', { isPreOrder: true }), MORNING)).toBeNull();
    expect(earliestDeliveryDate(basis('standard', 'N/A', { serviceable: false }), MORNING)).toBeNull();
    expect(earliestDeliveryDate(basis('invalid', 'N/A', { serviceable: false }), MORNING)).toBeNull();
  });
});

describe('deliveryDateOptions', () => {
  it('offers seven dates from today with a midnight slot at the configured fee for a same-day pincode', () => {
    const options = deliveryDateOptions(BENGALURU_MORNING, MORNING, 199);
    expect(options.map((option) => option.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(options[0]?.slots).toEqual([
      { slot: 'standard', label: 'Standard delivery (9 AM - 9 PM)', fee: 0 },
      { slot: 'midnight', label: 'Midnight delivery (11 PM - 11:59 PM)', fee: 199 },
    ]);
  });

  it('keeps the midnight slot for the same-day area after the cut-off, from tomorrow', () => {
    const options = deliveryDateOptions(BENGALURU_AFTERNOON, AFTERNOON, 249);
    expect(options[0]?.date).toBe('2026-11-24');
    expect(options[0]?.slots.map((slot) => [slot.slot, slot.fee])).toEqual([
      ['standard', 0],
      ['midnight', 249],
    ]);
  });

  it('offers only the standard slot outside the same-day area', () => {
    const options = deliveryDateOptions(DELHI, MORNING, 199);
    expect(options).toHaveLength(7);
    expect(options[0]?.date).toBe('2026-11-26');
    expect(options.every((option) => option.slots.map((slot) => slot.slot).join() === 'standard')).toBe(true);
  });

  it('offers no dates for a pre-order', () => {
    expect(deliveryDateOptions(basis('standard', '10-15 Days', { isPreOrder: true }), MORNING, 199)).toEqual(
      [],
    );
  });
});

describe('deliveryChoiceProblem', () => {
  it('accepts today before the cut-off and the midnight slot in the same-day area', () => {
    expect(
      deliveryChoiceProblem({ date: '2026-11-23', slot: 'midnight' }, BENGALURU_MORNING, MORNING),
    ).toBeNull();
  });

  it('refuses today after 2 PM, naming the earliest date', () => {
    expect(
      deliveryChoiceProblem({ date: '2026-11-23', slot: 'standard' }, BENGALURU_AFTERNOON, AFTERNOON),
    ).toBe('Same-day delivery closes at 2 PM India time. Please choose Tue, 24 Nov or later');
  });

  it('refuses a date before a standard pincode can be reached', () => {
    expect(deliveryChoiceProblem({ date: '2026-11-25', slot: 'standard' }, DELHI, MORNING)).toBe(
      'The earliest delivery date for this pincode is Thu, 26 Nov',
    );
  });

  it('refuses a date past the offered week', () => {
    expect(deliveryChoiceProblem({ date: '2026-12-03', slot: 'standard' }, DELHI, MORNING)).toBe(
      'Delivery dates can be chosen up to Wed, 2 Dec',
    );
  });

  it('refuses the midnight slot outside the same-day area', () => {
    expect(deliveryChoiceProblem({ date: '2026-11-24', slot: 'midnight' }, MYSURU, MORNING)).toBe(
      DELIVERY_DATE_MESSAGES.midnightNotHere,
    );
  });

  it('refuses any date for a pre-order and for an unserviceable pincode', () => {
    const choice = { date: '2026-11-30', slot: 'standard' } as const;
    expect(
      deliveryChoiceProblem(choice, basis('standard', '10-15 Days', { isPreOrder: true }), MORNING),
    ).toBe(DELIVERY_DATE_MESSAGES.preOrder);
    expect(deliveryChoiceProblem(choice, basis('standard', 'N/A', { serviceable: false }), MORNING)).toBe(
      DELIVERY_MESSAGES.unserviceable,
    );
  });
});

describe('DeliveryChoice', () => {
  it('refuses a date that is not on the calendar', () => {
    const parsed = DeliveryChoice.safeParse({ date: '2026-02-30', slot: 'standard' });
    expect(parsed.error?.issues[0]?.message).toBe(DELIVERY_DATE_MESSAGES.invalidDate);
  });

  it('names a date as the checkout shows it', () => {
    expect(formatIndiaDay('2026-11-24')).toBe('Tue, 24 Nov');
  });
});
