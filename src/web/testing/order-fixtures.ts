import type { OrderRecord } from '../../shared/api/orders';
import type { ReturnRecord } from '../../shared/api/returns';

/** A paid order of two Diwali hampers to Bengaluru, as GET /api/orders/:id answers; `fields` override. */
export function testOrder(fields: Partial<OrderRecord> = {}): OrderRecord {
  const id = fields.id ?? '5d2c8a70-7f3e-4a54-8b1f-9a0e6c1d2b31';
  return {
    id,
    _id: id,
    orderNumber: 'RG-10431',
    status: 'paid',
    createdAt: '2026-11-20T05:30:00.000Z',
    created_at: '2026-11-20T05:30:00.000Z',
    paidAt: '2026-11-20T05:31:00.000Z',
    items: [
      {
        lineId: 121,
        product: {
          id: 21,
          name: 'Diwali Dry Fruit Hamper',
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
      fullName: 'Meera Iyer',
      address: '12, 4th Cross, Indiranagar',
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
    gift: null,
    delivery: null,
    isQuote: false,
    payableUntil: null,
    cashOnDelivery: null,
    awaitingCodYes: false,
    ...fields,
  };
}

/** A return of one hamper, waiting for the owner's decision; `fields` override. */
export const testReturn = (fields: Partial<ReturnRecord> = {}): ReturnRecord => ({
  id: 3,
  status: 'requested',
  reason: 'One box arrived crushed',
  kind: 'faulty',
  items: [{ productId: 21, name: 'Diwali Dry Fruit Hamper', quantity: 1, amount: 450 }],
  refundAmount: 450,
  deliveryRefund: 0,
  refundMethod: 'provider',
  refundPaidAt: null,
  refundReference: null,
  pickup: null,
  receivedAt: null,
  refundReleasedAt: null,
  payeeGiven: false,
  decisionNote: '',
  photoIds: [],
  createdAt: '2026-11-26T06:00:00.000Z',
  decidedAt: null,
  ...fields,
});
