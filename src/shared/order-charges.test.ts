import { describe, expect, it } from 'vitest';
import { cartCharges, chargeSummary, chargesTotalPaise, feesOf, orderCharges } from './order-charges';

describe('the model of an order’s money', () => {
  it('prices a cart with a coupon, a midnight slot and cash on delivery as one list of charges', () => {
    const charges = orderCharges({
      lines: [
        { label: 'Diwali Dry Fruit Hamper', unitPaise: 45_000, quantity: 2, code: '0813', gstRateBp: 500 },
        { label: 'Brass Diya Set', unitPaise: 34_950, quantity: 1, code: '7418', gstRateBp: 1800 },
      ],
      discountPaise: 10_000,
      shippingPaise: 5_000,
      slotFeePaise: 19_900,
      cashOnDeliveryPaise: 4_900,
    });
    expect(
      charges.map((charge) => [charge.kind, charge.label, charge.paise, charge.code, charge.gstRateBp]),
    ).toEqual([
      ['item', 'Diwali Dry Fruit Hamper', 90_000, '0813', 500],
      ['item', 'Brass Diya Set', 34_950, '7418', 1800],
      ['discount', 'Discount', -10_000, null, null],
      ['shipping', 'Shipping', 5_000, '996812', 1800],
      ['delivery_slot', 'Midnight delivery', 19_900, '996812', 1800],
      ['cash_on_delivery', 'Cash on delivery fee', 4_900, '996812', 1800],
    ]);
    expect(chargeSummary(charges)).toMatchObject({
      subtotalPaise: 1_24_950,
      discountPaise: 10_000,
      deliveryPaise: 29_800,
      totalPaise: 1_44_750,
    });
    expect(feesOf(charges).map((fee) => fee.kind)).toEqual(['shipping', 'delivery_slot', 'cash_on_delivery']);
  });

  it('always lists shipping, even when free, and no slot or COD fee that is not charged', () => {
    const charges = orderCharges({
      lines: [{ label: 'Silver Pooja Thali', unitPaise: 1_49_900, quantity: 1 }],
      shippingPaise: 0,
      slotFeePaise: 0,
    });
    expect(charges.map((charge) => [charge.kind, charge.paise])).toEqual([
      ['item', 1_49_900],
      ['shipping', 0],
    ]);
  });

  it('adds a cart in rupees in paise, as the server does, so ₹0.10 three times is ₹0.30', () => {
    const charges = cartCharges({
      lines: [{ name: 'Kumkum sachet', price: 0.1, quantity: 3 }],
      shippingFee: 50,
      codFee: 49,
    });
    expect(chargesTotalPaise(charges)).toBe(9_930);
  });

  it("lists a line's quantity tier after the lines with its HSN and rate, and none below the first tier", () => {
    const tiers = [
      { minQuantity: 6, percentOff: 5 },
      { minQuantity: 25, percentOff: 10 },
    ];
    const charges = orderCharges({
      lines: [
        { label: 'Silk Potli Bag', unitPaise: 12_000, quantity: 6, code: '4202', gstRateBp: 1200, tiers },
        { label: 'Zari Potli Bag', unitPaise: 9_999, quantity: 5, code: '4202', gstRateBp: 1200, tiers },
      ],
      shippingPaise: 0,
    });
    expect(charges.map((charge) => [charge.kind, charge.label, charge.paise, charge.code])).toEqual([
      ['item', 'Silk Potli Bag', 72_000, '4202'],
      ['item', 'Zari Potli Bag', 49_995, '4202'],
      ['quantity_discount', 'Silk Potli Bag, 6+ pieces: 5% off', -3_600, '4202'],
      ['shipping', 'Shipping', 0, '996812'],
    ]);
    expect(chargeSummary(charges)).toMatchObject({ quantityDiscountPaise: 3_600, totalPaise: 1_18_395 });
  });
});
