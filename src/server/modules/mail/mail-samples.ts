import type { Quote } from '../../../shared/api/quotes';
import { absoluteUrl, type StoreIdentity } from '../../store-identity';
import { cartReminderMail } from './cart-reminder-mail';
import {
  complaintAcknowledgedMail,
  complaintReceivedMail,
  complaintResolvedMail,
  type MailComplaint,
} from './complaint-mails';
import { giftBatchMail } from './gift-link-mail';
import type { OutgoingMail } from './mail-outbox';
import { giftOnItsWayMail, type MailOrder, orderConfirmationMail, paymentRefundedMail } from './order-mails';
import { ownerDigestMail, ownerNoticeMail } from './owner-mails';
import { quoteMail } from './quote-mail';
import { staffInviteMail } from './staff-invite-mail';
import { orderStatusMail } from './status-mail';

// One of every mail the store sends, with realistic values: the rendering tests check them all,
// and scripts/mail-screens.ts photographs them (docs/screens/mails/).

const COMPLAINT: MailComplaint = {
  ticket: 'UG-C-000123',
  subject: 'Diya set arrived broken',
  email: 'meera@example.com',
  orderNumber: 'RG-10427',
  acknowledgeBy: new Date('2026-11-25T10:15:00+05:30'),
  resolveBy: new Date('2026-12-23T10:15:00+05:30'),
};

const ORDER: MailOrder = {
  id: '3b7c8a56-2f1e-4c1a-9a77-1f2e3d4c5b6a',
  orderNumber: 'RG-10427',
  customerName: 'Meera Iyer',
  customerEmail: 'meera@example.com',
  items: [
    {
      name: 'Silver Pooja Thali with Diya and Kumkum Holder',
      quantity: 2,
      pricePaise: 1_499_00,
      isPreOrder: false,
    },
    { name: 'Personalised Name Board', quantity: 1, pricePaise: 899_00, isPreOrder: true },
  ],
  subtotalPaise: 3_897_00,
  quantityDiscounts: [],
  discountPaise: 200_00,
  couponCode: 'DIWALI200',
  fees: [{ label: 'Shipping', paise: 0 }],
  totalPaise: 3_697_00,
  shippingAddress: {
    fullName: 'Meera Iyer',
    address: 'Flat 4B, Lake View Apartments, 4 Park Street',
    city: 'Kolkata',
    postalCode: '700016',
    phone: '9830012345',
  },
  deliveryEstimate: {
    days: '4-7 Days',
    message: 'Standard delivery',
    type: 'standard',
    fastDelivery: false,
    city: 'Kolkata',
    isPreOrder: true,
  },
  placedAt: new Date('2026-11-20T06:30:00Z'),
  deliveryChoice: null,
  cashOnDelivery: false,
};

const QUOTE: Quote = {
  orderId: '9d1f6c2e-7b3a-4e8f-a1c5-2d4e6f8a0b1c',
  orderNumber: 'RG-10512',
  state: 'open',
  orderStatus: 'pending',
  customerEmail: 'kavya@reddysoftworks.in',
  customerPhone: '9845077777',
  buyerGstin: '27AAPFU0939F1ZV',
  buyerLegalName: 'Reddy Softworks Private Limited',
  maxDiscountPercent: 20,
  lines: [
    {
      productId: 31,
      name: 'Mini Ganesha Idol',
      image: '',
      quantity: 50,
      listPrice: 120,
      percentOff: 10,
      unitPrice: 108,
      lineTotal: 5400,
      isPreOrder: false,
      negotiated: false,
    },
    {
      productId: 32,
      name: 'Brass Diya Set',
      image: '',
      quantity: 50,
      listPrice: 200,
      percentOff: 0,
      unitPrice: 170,
      lineTotal: 8500,
      isPreOrder: false,
      negotiated: true,
    },
  ],
  subtotal: 13_900,
  shippingCost: 0,
  total: 13_900,
  shippingAddress: {
    fullName: 'Kavya Reddy',
    address: '3rd Floor, 80 Residency Road',
    city: 'Bengaluru',
    postalCode: '560025',
    phone: '9845077777',
  },
  deliveryEstimate: null,
  expiresAt: '2026-11-30T04:30:00.000Z',
  path: '/quote/9d1f6c2e-7b3a-4e8f-a1c5-2d4e6f8a0b1c',
};

/** Every mail template, by a file-friendly name. */
export function mailSamples(store: StoreIdentity): Record<string, OutgoingMail> {
  const customer = {
    id: ORDER.id,
    orderNumber: ORDER.orderNumber,
    customerName: ORDER.customerName,
    customerEmail: ORDER.customerEmail,
  };
  const admin = (path: string) => `${store.siteUrl}/admin${path}`;
  return {
    'order-confirmation': orderConfirmationMail(ORDER, store),
    'gift-batch': giftBatchMail(
      { recipient: ORDER.customerEmail, buyerName: ORDER.customerName, sent: 48, notSent: 2 },
      store,
    ),
    'payment-refunded': paymentRefundedMail(ORDER, ORDER.totalPaise, 'duplicate', store),
    'gift-on-its-way': giftOnItsWayMail(
      ORDER,
      {
        recipientEmail: 'nisha@example.com',
        message: 'Happy Diwali, Nisha!\nWith love, Meera',
        hidePrices: true,
      },
      store,
    ),
    'status-shipped': orderStatusMail(
      { ...customer, deliveryChoice: { date: '2026-11-24', slot: 'midnight', fee: 199 } },
      'shipped',
      'Shipped with Delhivery, tracking number 1234567890.',
      store,
    ),
    'status-partial-return': orderStatusMail(
      {
        ...customer,
        returned: {
          items: [{ name: 'Silver Pooja Thali with Diya and Kumkum Holder', quantity: 1 }],
          wholeOrder: false,
        },
      },
      'returned',
      'Return approved: ₹1,499 refunded to your original payment method.',
      store,
    ),
    'cart-reminder': cartReminderMail(
      {
        orderId: ORDER.id,
        customerName: ORDER.customerName,
        customerEmail: ORDER.customerEmail,
        restoreLink: absoluteUrl(store, '/cart?restore=sampleTokenOnlyForTheScreenshots'),
        optOutLink: absoluteUrl(store, '/messages/stop?token=sampleTokenOnlyForTheScreenshots'),
      },
      store,
    ),
    'staff-invite': staffInviteMail(
      {
        recipient: 'arjun@utsavgifts.in',
        invitedBy: 'owner@utsavgifts.in',
        staffRole: 'orders',
        link: absoluteUrl(store, '/staff-invite/sampleTokenOnlyForTheScreenshots'),
        until: 'Mon, 30 Nov',
      },
      store,
    ),
    'complaint-received': complaintReceivedMail(COMPLAINT, store),
    'complaint-acknowledged': complaintAcknowledgedMail(
      COMPLAINT,
      'We have asked the courier for the parcel photos taken at pick-up.',
      store,
    ),
    'complaint-resolved': complaintResolvedMail(
      COMPLAINT,
      'We sent a new set of 12 diyas on 24 November (order RG-10433), free of charge.',
      store,
    ),
    quote: quoteMail(QUOTE, 'Kavya Reddy', store, 'sampleKeyOnlyForTheScreenshots0000'),
    'owner-paid-order': ownerNoticeMail(
      {
        kind: 'paid-order',
        summary: `New paid order ${ORDER.orderNumber}: ₹3,697 from Meera Iyer`,
        link: admin(`/orders/${ORDER.id}`),
      },
      'owner@utsavgifts.in',
      store,
    ),
    'owner-digest': ownerDigestMail(
      [
        {
          id: 1,
          kind: 'paid-order',
          summary: `New paid order ${ORDER.orderNumber}: ₹3,697 from Meera Iyer`,
          link: admin(`/orders/${ORDER.id}`),
          createdAt: new Date('2026-11-23T04:40:00Z'),
        },
        {
          id: 2,
          kind: 'return-request',
          summary: 'Return requested on order RG-10388: 1 item, ₹450',
          link: admin('/returns'),
          createdAt: new Date('2026-11-23T04:52:00Z'),
        },
        {
          id: 3,
          kind: 'bulk-enquiry',
          summary: "Bulk enquiry #42: 60 pieces for Aarav's 5th birthday from Priya Sharma",
          link: admin('/bulk-enquiries'),
          createdAt: new Date('2026-11-23T05:10:00Z'),
        },
      ],
      new Date('2026-11-23T05:30:00Z'),
      'owner@utsavgifts.in',
      admin(''),
      store,
    ),
  };
}
