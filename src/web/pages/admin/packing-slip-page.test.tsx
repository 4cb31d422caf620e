import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../shared/api/orders';
import { PackingSlip } from './packing-slip-page';

const ORDER_ID = '7c1e4a52-2d7f-4b1a-9c33-5e8f0a6b1d20';

const giftOrder: OrderRecord = {
  id: ORDER_ID,
  _id: ORDER_ID,
  orderNumber: 'RG-10452',
  status: 'paid',
  createdAt: '2026-11-20T06:30:00.000Z',
  created_at: '2026-11-20T06:30:00.000Z',
  paidAt: '2026-11-20T06:32:00.000Z',
  items: [
    {
      lineId: 131,
      product: {
        id: 31,
        name: 'Peacock Brass Diya',
        image: '',
        inStock: true,
        allowPreOrder: false,
        addOnKind: null,
      },
      quantity: 2,
      price: 450,
      isPreOrder: false,
      returnedQuantity: 0,
      personalisation: null,
    },
  ],
  subtotal: 900,
  quantityDiscounts: [],
  discount: 0,
  couponCode: null,
  shippingCost: 50,
  fees: [{ kind: 'shipping', label: 'Shipping', amount: 50 }],
  totalAmount: 950,
  total: 950,
  currency: 'INR',
  shippingAddress: {
    fullName: 'Meera Nair',
    address: '4, Indiranagar 100 Feet Road',
    city: 'Bengaluru',
    postalCode: '560038',
    phone: '9876543210',
  },
  addressEditable: false,
  events: [],
  deliveryEstimate: null,
  invoiceNumber: null,
  returnableUntil: null,
  deliveredAt: null,
  returns: [],
  gift: { message: 'Happy Diwali, Meera!\nWith love, Asha', hidePrices: true, recipientEmail: null },
  delivery: null,
  isQuote: false,
  payableUntil: null,
  cashOnDelivery: null,
  awaitingCodYes: false,
};

afterEach(cleanup);

describe('Packing slip', () => {
  it('prints the address, the items, their quantities and the gift message, and no prices when hidden', () => {
    render(<PackingSlip order={giftOrder} />);
    const slip = screen.getByRole('article', { name: 'Packing slip' });
    expect(slip.textContent).toContain('Meera Nair');
    expect(slip.textContent).toContain('4, Indiranagar 100 Feet Road');
    expect(slip.textContent).toContain('Bengaluru - 560038');
    const row = within(slip).getByRole('row', { name: /Peacock Brass Diya/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Peacock Brass Diya', '2']);
    const message = within(slip).getByRole('region', { name: 'Gift message' });
    expect(message.textContent).toContain('Happy Diwali, Meera!\nWith love, Asha');
    expect(slip.textContent).not.toContain('₹');
  });

  it('prints the amounts and the total when prices are not hidden', () => {
    render(<PackingSlip order={{ ...giftOrder, gift: null }} />);
    const slip = screen.getByRole('article', { name: 'Packing slip' });
    const row = within(slip).getByRole('row', { name: /Peacock Brass Diya/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Peacock Brass Diya', '2', '₹900']);
    expect(slip.textContent).toContain('Total₹950');
    expect(within(slip).queryByRole('region', { name: 'Gift message' })).toBeNull();
  });

  it('prints the coupon and each fee on its own line, so the lines add up to the total (decision 0072)', () => {
    render(
      <PackingSlip
        order={{
          ...giftOrder,
          gift: null,
          discount: 90,
          couponCode: 'GIFT10',
          fees: [
            { kind: 'shipping', label: 'Shipping', amount: 50 },
            { kind: 'delivery_slot', label: 'Midnight delivery', amount: 199 },
            { kind: 'cash_on_delivery', label: 'Cash on delivery fee', amount: 49 },
          ],
          shippingCost: 298,
          totalAmount: 1108,
          total: 1108,
        }}
      />,
    );
    const slip = screen.getByRole('article', { name: 'Packing slip' });
    const amountOf = (name: string) =>
      within(within(slip).getByRole('row', { name: new RegExp(`^${name}`) })).getByRole('cell').textContent;
    // ₹900 - ₹90 + ₹50 + ₹199 + ₹49 = ₹1,108.
    expect(
      ['Coupon GIFT10', 'Shipping', 'Midnight delivery', 'Cash on delivery fee', 'Total'].map(amountOf),
    ).toEqual(['-₹90', '₹50', '₹199', '₹49', '₹1,108']);
  });

  it('prints the chosen delivery day and slot, without its fee when prices are hidden', () => {
    render(
      <PackingSlip order={{ ...giftOrder, delivery: { date: '2026-11-24', slot: 'midnight', fee: 199 } }} />,
    );
    const slip = screen.getByRole('article', { name: 'Packing slip' });
    expect(within(slip).getByRole('region', { name: 'Deliver on' }).textContent).toBe(
      'Deliver onTue, 24 Nov · Midnight delivery (11 PM - 11:59 PM)',
    );
    expect(slip.textContent).not.toContain('₹');
  });

  it('prints the cash to collect for the courier, even when a gift hides its prices (decision 0042)', () => {
    const cod = { fee: 49, toCollect: 999, collected: false };
    const { unmount } = render(<PackingSlip order={{ ...giftOrder, cashOnDelivery: cod }} />);
    expect(screen.getByRole('article', { name: 'Packing slip' }).textContent).toContain(
      'COD ₹999 to collect',
    );
    unmount();
    render(<PackingSlip order={{ ...giftOrder, cashOnDelivery: { ...cod, collected: true } }} />);
    expect(screen.getByRole('article', { name: 'Packing slip' }).textContent).not.toContain('to collect');
  });
});
