import { describe, expect, it } from 'vitest';
import type { OrderNotice } from '../../../shared/notifications';
import { loadConfig } from '../../config';
import { storeIdentityFrom } from '../../store-identity';
import { messageFor, messageName, slotForToday } from './message-text';

const store = storeIdentityFrom(
  loadConfig({ PUBLIC_URL: 'https://gifts.example.in', STORE_NAME: 'Utsav Gifts' }),
);
const order = {
  orderId: '0b6f7c52-3d1e-4f7a-9a55-2f1f6a8e9c10',
  orderNumber: 'RG-10042',
  totalPaise: 134_800,
  shopperName: 'Asha Rao',
  recipientName: 'Kavya Reddy',
  promise: 'Delivery on Mon, 23 Nov · Fixed time (3 PM - 5 PM)',
  slot: 'Fixed time (3 PM - 5 PM)',
};
const links = { optOut: 'https://gifts.example.in/messages/stop?token=t' };
const textOf = (notice: Exclude<OrderNotice, 'cart_reminder' | 'back_in_stock'>) =>
  messageFor(notice, order, {}, links, store);
const TRACK = 'https://gifts.example.in/track?orderNumber=RG-10042';

describe('messages about the parcel', () => {
  it.each([
    'order_shipped',
    'out_for_delivery',
    'order_delivered',
    'gift_on_its_way',
    'gift_delivered',
  ] as const)('%s links to the tracking page with the order number (and never the contact)', (notice) => {
    const message = textOf(notice);
    expect(message.text).toContain(TRACK);
    // The template's parameter carries the link, before the opt-out link that always ends them.
    expect(message.params.at(-2)).toBe(TRACK);
  });

  it('out_for_delivery names the slot chosen at checkout, so the recipient knows when to be home', () => {
    expect(textOf('out_for_delivery').text).toBe(
      `Your order RG-10042 is out for delivery today: Fixed time (3 PM - 5 PM). Track it here: ${TRACK}\n\nReply STOP to stop these messages, or open https://gifts.example.in/messages/stop?token=t`,
    );
    const noSlot = messageFor('out_for_delivery', { ...order, slot: null }, {}, links, store);
    expect(noSlot.params.slice(0, 2)).toEqual(['RG-10042', 'today']);
    expect(noSlot.text).toContain('Your order RG-10042 is out for delivery today. Track it here:');
  });

  it("names the slot only on the day it was chosen for, in India's calendar", () => {
    const window = { slotId: 3, name: 'Fixed time', start: 15 * 60, end: 17 * 60 };
    const chosen = { date: '2026-11-23', slot: 'timed' as const, window };
    // 09:00 in India on the 23rd is 03:30 UTC; 23:30 UTC on the 22nd is already the 23rd in India.
    expect(slotForToday(chosen, new Date('2026-11-23T03:30:00Z'))).toBe('Fixed time (3 PM - 5 PM)');
    expect(slotForToday(chosen, new Date('2026-11-22T23:30:00Z'))).toBe('Fixed time (3 PM - 5 PM)');
    // A new attempt on the 24th after a failed one keeps no window: the message names none.
    expect(slotForToday(chosen, new Date('2026-11-24T04:00:00Z'))).toBeNull();
    expect(slotForToday({ date: '2026-11-23', slot: 'midnight' }, new Date('2026-11-23T10:00:00Z'))).toBe(
      'Midnight delivery (11 PM - 11:59 PM)',
    );
    expect(slotForToday(null, new Date('2026-11-23T10:00:00Z'))).toBeNull();
  });

  it("delivery_failed links to the order's own page, which holds the new-attempt and address form", () => {
    const message = textOf('delivery_failed');
    const page = `https://gifts.example.in/order-confirmation/${order.orderId}`;
    expect(message.text).toBe(
      `We could not deliver your order RG-10042. Choose a new delivery date or correct the address and phone here: ${page}\n\nReply STOP to stop these messages, or open ${links.optOut}`,
    );
    expect(message.params).toEqual(['RG-10042', page, links.optOut]);
  });
});

describe("the order's delivery promise in a message", () => {
  it('says the day and window chosen, as the order page and the mails do (decision 0068)', () => {
    expect(textOf('order_placed').text).toBe(
      `Hi Asha Rao, your order RG-10042 of ₹1,348 is placed and paid. Delivery on Mon, 23 Nov · Fixed time (3 PM - 5 PM). We will tell you when it ships.\n\nReply STOP to stop these messages, or open ${links.optOut}`,
    );
    expect(textOf('order_placed').params).toEqual([
      'Asha Rao',
      'RG-10042',
      '₹1,348',
      'Delivery on Mon, 23 Nov · Fixed time (3 PM - 5 PM)',
      links.optOut,
    ]);
    for (const notice of ['order_placed_cod', 'order_shipped', 'gift_on_its_way'] as const) {
      expect(textOf(notice).text).toContain('Delivery on Mon, 23 Nov · Fixed time (3 PM - 5 PM).');
    }
  });
});

describe("a shopper's name in a message", () => {
  it.each([
    ['Asha Rao', 'Asha Rao'],
    ["D'Souza-Pereira", "D'Souza-Pereira"],
    ['A. R. Rahman', 'A. R. Rahman'],
    ['आशा राव', 'आशा राव'],
    ['  Asha   Rao ', 'Asha Rao'],
    ['Ananthapadmanabhan Venkatasubramanian', 'Ananthapadmanabhan'],
  ])('keeps %j as %j', (name, kept) => {
    expect(messageName(name, 'there')).toBe(kept);
  });

  it.each([
    'SBI KYC blocked, verify at evil.example/k',
    'SBI KYC blocked verify at evil.example',
    'Call 9876543210',
    'www.evil.example',
    'Asha <b>',
    'one two three four five',
    '',
  ])('replaces %j by the store word', (name) => {
    expect(messageName(name, 'there')).toBe('there');
  });

  it("never carries a gift's sender or recipient name that is not a name", () => {
    const message = messageFor(
      'gift_on_its_way',
      { ...order, shopperName: 'Win ₹5000 at bit.ly/x', recipientName: 'Kavya Reddy' },
      {},
      links,
      store,
    );
    expect(message.params.slice(0, 2)).toEqual(['Kavya Reddy', 'a friend']);
  });
});

describe("a gift link's thank-you to its sender (decision 0081)", () => {
  it("names who thanked and links to the order's page, never carrying the note itself", () => {
    const page = `https://gifts.example.in/order-confirmation/${order.orderId}`;
    const message = messageFor('gift_thanks', order, { fromName: 'Kavya Reddy' }, links, store);
    expect(message.params).toEqual(['Asha Rao', 'Kavya Reddy', 'RG-10042', page, links.optOut]);
    expect(message.text).toBe(
      `Hi Asha Rao, Kavya Reddy sent you a thank-you for your gift (order RG-10042). Read it here: ${page}\n\nReply STOP to stop these messages, or open ${links.optOut}`,
    );
  });

  it('says "Your recipient" for a name that is not one', () => {
    const message = messageFor('gift_thanks', order, { fromName: 'Win ₹5000 at bit.ly/x' }, links, store);
    expect(message.params[1]).toBe('Your recipient');
  });
});
