import { act } from '@testing-library/react';
import type { AddressRecord } from '../../shared/api/addresses';
import type { PaymentLine } from '../features/payment/payment-request';

/** A saved address in Bengaluru, as GET /api/addresses answers it; `overrides` change its fields. */
export const savedAddress = (id: number, overrides: Partial<AddressRecord> = {}): AddressRecord => ({
  id,
  full_name: `Person ${id}`,
  address_line_1: `${id}, MG Road`,
  address_line_2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  postal_code: '560001',
  country: 'India',
  phone: '9876543210',
  is_default: false,
  address_type: 'home',
  created_at: '2025-10-20T10:00:00.000Z',
  updated_at: '2025-10-20T10:00:00.000Z',
  ...overrides,
});

/** Two Diwali hampers of ₹450, in stock: a line as checkout hands it to payment. */
export const TWO_HAMPERS: PaymentLine = {
  id: 21,
  name: 'Diwali Dry Fruit Hamper',
  image: '',
  price: 450,
  quantity: 2,
  category: 'Diwali',
  inStock: true,
  allowPreOrder: false,
  minQuantity: 1,
  quantityTiers: [],
};

/** An answer the test holds back: the network edge awaits `held`; `release` lets it go. */
export function heldAnswer() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release: () => act(() => release()) };
}
