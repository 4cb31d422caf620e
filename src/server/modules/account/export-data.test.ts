import { describe, expect, it } from 'vitest';
import { consents, notificationOutbox } from '../../db/schema';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { setUpTestStore } from '../../testing/test-store';

const store = setUpTestStore({ seed: seedPincodes });

const download = (headers: Record<string, string>) =>
  store.app.inject({ url: '/api/account/export', headers });

describe('GET /api/account/export', () => {
  it("holds the shopper's orders, invoices, messages and consents and nobody else's", async () => {
    const shopper = await store.newCustomer({ fullName: 'Meera Iyer' });
    const neighbour = await store.newCustomer({ fullName: 'Ravi Kumar' });
    const diya = await createTestProduct(store.database, { name: 'Brass Diya', priceRupees: 450 });
    const lamp = await createTestProduct(store.database, { name: 'Copper Lamp', priceRupees: 1200 });
    const mine = await placeOrder(store.app, shopper.headers, [{ product: diya, quantity: 2 }]);
    await payOrder(store.app, shopper.headers, mine);
    const theirs = await placeOrder(store.app, neighbour.headers, [{ product: lamp, quantity: 1 }]);
    await payOrder(store.app, neighbour.headers, theirs);
    await store.database.db.insert(notificationOutbox).values([
      {
        dedupeKey: `mine-${mine.orderId}`,
        orderId: mine.orderId,
        notice: 'order_shipped',
        channel: 'sms',
        recipient: '9876543210',
        audience: 'shopper',
        text: 'Your Brass Diya has shipped',
        status: 'sent',
      },
      {
        dedupeKey: `gift-${mine.orderId}`,
        orderId: mine.orderId,
        notice: 'gift_shipped',
        channel: 'sms',
        recipient: '9123456780',
        audience: 'gift_recipient',
        text: 'A gift is on its way to you',
        status: 'sent',
      },
      {
        dedupeKey: `theirs-${theirs.orderId}`,
        orderId: theirs.orderId,
        notice: 'order_shipped',
        channel: 'sms',
        recipient: '9000000001',
        audience: 'shopper',
        text: 'Your Copper Lamp has shipped',
        status: 'sent',
      },
    ]);

    await store.database.db.insert(consents).values([
      {
        userId: shopper.user.id,
        purpose: 'marketing',
        channel: 'whatsapp',
        given: true,
        via: 'form',
        noticeVersion: 'test-1',
      },
      {
        userId: shopper.user.id,
        purpose: 'marketing',
        channel: 'whatsapp',
        given: false,
        via: 'reply',
        noticeVersion: 'test-1',
      },
      {
        userId: neighbour.user.id,
        purpose: 'marketing',
        channel: 'sms',
        given: true,
        via: 'settings',
        noticeVersion: 'test-1',
      },
    ]);

    const response = await download(shopper.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="utsav-gifts-my-data-/);
    const data = response.json();
    expect(data.account).toMatchObject({
      id: shopper.user.id,
      fullName: 'Meera Iyer',
      email: shopper.user.email,
    });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      orderNumber: mine.orderNumber,
      items: [{ name: 'Brass Diya', quantity: 2, pricePaise: 45000 }],
    });
    expect(data.orders[0].invoices).toHaveLength(1);
    expect(data.orders[0].invoices[0].number).toMatch(/\S/);
    expect(data.messages.map((message: { text: string }) => message.text)).toEqual([
      'Your Brass Diya has shipped',
    ]);
    expect(data.consents).toMatchObject([
      { purpose: 'marketing', channel: 'whatsapp', given: true, via: 'form' },
      { purpose: 'marketing', channel: 'whatsapp', given: false, via: 'reply' },
    ]);
    expect(response.body).not.toContain('"settings"');
    expect(response.body).not.toContain('Copper Lamp');
    expect(response.body).not.toContain('Ravi Kumar');
    expect(response.body).not.toContain(neighbour.user.email);
    expect(response.body).not.toContain('A gift is on its way to you');
  });

  it('needs a signed-in shopper and refuses a sixth download in the hour', async () => {
    expect((await store.app.inject({ url: '/api/account/export' })).statusCode).toBe(401);
    const shopper = await store.newCustomer();
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await download(shopper.headers)).statusCode).toBe(200);
    const refused = await download(shopper.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
