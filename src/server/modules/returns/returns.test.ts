import { and, eq, isNull, like } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../shared/api/orders';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { RETURN_MESSAGES, type ReturnRecord, tooManyUnitsMessage } from '../../../shared/api/returns';
import { mailOutbox, payments, products, sandboxParcels } from '../../db/schema';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../storage/images';
import { moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import { gifImage, pngBomb, svgImage } from '../../testing/image-bomb';
import {
  createTestProduct,
  type Line,
  payOrder,
  placeOrder,
  seedPincodes,
  type TestProduct,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { returnReceivedNote } from './return-service';

const clock = createTestClock('2031-12-01T06:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Meera Iyer' },
});

/** An order paid through the sandbox's signed answer and moved along to delivered now. */
async function deliveredOrder(lines: readonly Line[]): Promise<CreateOrderResponse> {
  const created = await placeOrder(store.app, store.customer.headers, lines);
  await payOrder(store.app, store.customer.headers, created);
  await moveOrderAlong(store.app, store.admin.headers, created.orderId, STEPS_TO_DELIVERED.slice(1));
  return created;
}

const requestReturn = (
  orderId: string,
  items: { product: TestProduct; quantity: number }[],
  headers = store.customer.headers,
) =>
  store.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/returns`,
    headers,
    payload: {
      items: items.map((item) => ({ productId: item.product.id, quantity: item.quantity })),
      reason: 'The lid of one box arrived cracked',
    },
  });

const decide = (returnId: number, decision: 'approve' | 'reject', note = '') =>
  store.app.inject({
    method: 'POST',
    url: `/api/admin/returns/${returnId}/${decision}`,
    headers: store.admin.headers,
    payload: { note },
  });

/** Decision 0066: the owner marks the items back and checked, which makes the refund. */
const receive = (returnId: number, note = '') =>
  store.app.inject({
    method: 'POST',
    url: `/api/admin/returns/${returnId}/received`,
    headers: store.admin.headers,
    payload: { note },
  });

const stockOf = async (product: TestProduct) =>
  (
    await store.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id))
  )[0]?.stock;
const paymentOf = async (orderId: string) =>
  (await store.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
const orderOf = async (orderId: string) =>
  (
    await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers })
  ).json<OrderRecord>();

describe('returns and refunds', () => {
  it('refunds an approved partial return, restocks it, marks the order returned and mails the customer', async () => {
    const diya = await createTestProduct(store.database, { priceRupees: 450, stock: 10 });
    const thali = await createTestProduct(store.database, { priceRupees: 799, stock: 5 });
    const created = await deliveredOrder([
      { product: diya, quantity: 2 },
      { product: thali, quantity: 1 },
    ]);
    expect((await orderOf(created.orderId)).returnableUntil).toBe('2031-12-08T06:00:00.000Z');

    const requested = await requestReturn(created.orderId, [{ product: diya, quantity: 1 }]);
    expect(requested.statusCode, requested.body).toBe(201);
    const request = requested.json<{ return: ReturnRecord }>().return;
    expect(request).toMatchObject({
      status: 'requested',
      refundAmount: 450,
      items: [{ name: diya.name, quantity: 1, amount: 450 }],
    });

    const approved = await decide(request.id, 'approve', 'Sorry about the lid');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ return: ReturnRecord }>().return).toMatchObject({
      status: 'approved',
      refundAmount: 450,
    });
    // Decision 0066: nothing moves until the items are back and checked.
    expect(await paymentOf(created.orderId)).toMatchObject({ refundedPaise: 0 });
    expect(await stockOf(diya)).toBe(8);
    const received = await receive(request.id, 'Sorry about the lid');
    expect(received.statusCode, received.body).toBe(200);

    expect(await paymentOf(created.orderId)).toMatchObject({
      amountPaise: 169_900,
      refundedPaise: 45_000,
      status: 'captured',
    });
    expect(await stockOf(diya)).toBe(9);
    const order = await orderOf(created.orderId);
    expect(order.status).toBe('returned');
    expect(order.items.map((item) => item.returnedQuantity)).toEqual([1, 0]);
    expect(order.events.at(-1)).toMatchObject({
      status: 'returned',
      note: `${returnReceivedNote({ paise: 45_000, byTransfer: false, releasing: true })}. Sorry about the lid`,
    });
    const mails = await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, created.orderId))
      .orderBy(mailOutbox.id);
    const partial = mails.filter((mail) => mail.kind === 'order-return').at(-1);
    expect(partial?.text).toContain('₹450 refunded');
    // One item of three came back, so the mail names it and does not call the order returned.
    expect(partial?.subject).toBe(`Order ${created.orderNumber}: Return accepted`);
    expect(partial?.text).toContain(
      `We have accepted the return of 1 x ${diya.name} from your order ${created.orderNumber}. The rest of the order stays with you.`,
    );
    expect(partial?.text).not.toContain('is now: Returned');
    expect(partial?.html).toContain(`1 x ${diya.name}`);
    // The owner heard of the request (OWNER_NOTIFY=immediate by default), at the customer-care address.
    const [ownerMail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'owner-return-request'));
    expect(ownerMail?.recipient).toBe('hello@utsavgifts.in');
    expect(ownerMail?.subject).toBe(`Return requested on order ${created.orderNumber}: 1 item, ₹450`);

    // The rest of the order, returned later in the window: the refund reaches what was paid and no more.
    clock.set(new Date(clock.now().getTime() + 3 * 24 * 60 * 60 * 1000));
    const rest = await requestReturn(created.orderId, [
      { product: diya, quantity: 1 },
      { product: thali, quantity: 1 },
    ]);
    expect(rest.statusCode, rest.body).toBe(201);
    await decide(rest.json<{ return: ReturnRecord }>().return.id, 'approve');
    await receive(rest.json<{ return: ReturnRecord }>().return.id);
    expect(await paymentOf(created.orderId)).toMatchObject({ refundedPaise: 169_900, status: 'refunded' });
    // The last items back: now the whole order is returned, and the mail says so.
    const all = await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, created.orderId))
      .orderBy(mailOutbox.id);
    expect(all.filter((mail) => mail.kind === 'order-return').at(-1)?.text).toContain(
      `Your order ${created.orderNumber} is now: Returned.`,
    );
    const again = await requestReturn(created.orderId, [{ product: thali, quantity: 1 }]);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(tooManyUnitsMessage(thali.name, 0));
  });

  it('refunds once when the same return is approved twice at once', async () => {
    const lamp = await createTestProduct(store.database, { priceRupees: 1250, stock: 4 });
    const created = await deliveredOrder([{ product: lamp, quantity: 1 }]);
    const request = (await requestReturn(created.orderId, [{ product: lamp, quantity: 1 }])).json<{
      return: ReturnRecord;
    }>().return;

    const answers = await Promise.all([decide(request.id, 'approve'), decide(request.id, 'approve')]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      RETURN_MESSAGES.alreadyDecided,
    );
    // One reverse pickup stands: the loser's was cancelled with the courier.
    const [live] = await store.database.db
      .select()
      .from(sandboxParcels)
      .where(
        and(
          like(sandboxParcels.channelOrderId, `${created.orderNumber}-R%`),
          isNull(sandboxParcels.cancelledAt),
        ),
      );
    expect(live?.awb).toBe(
      answers.find((answer) => answer.statusCode === 200)?.json<{ return: ReturnRecord }>().return.pickup
        ?.awb,
    );
    await Promise.all([receive(request.id), receive(request.id)]);
    expect(await paymentOf(created.orderId)).toMatchObject({ amountPaise: 125_000, refundedPaise: 125_000 });
    expect(await stockOf(lamp)).toBe(4);
    const returnedEvents = (await orderOf(created.orderId)).events.filter(
      (event) => event.status === 'returned',
    );
    expect(returnedEvents).toHaveLength(1);
  });

  it('refuses a return after the 7-day window', async () => {
    const bell = await createTestProduct(store.database, { priceRupees: 600 });
    const created = await deliveredOrder([{ product: bell, quantity: 1 }]);
    clock.set(new Date(clock.now().getTime() + 7 * 24 * 60 * 60 * 1000 + 60_000));

    const response = await requestReturn(created.orderId, [{ product: bell, quantity: 1 }]);

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(RETURN_MESSAGES.windowClosed);
    expect((await orderOf(created.orderId)).returns).toEqual([]);
  });

  it('refuses an order not delivered, more units than bought, a second open request and another customer', async () => {
    const candle = await createTestProduct(store.database, { priceRupees: 350 });
    const unpaid = await placeOrder(store.app, store.customer.headers, [{ product: candle, quantity: 1 }]);
    const notDelivered = await requestReturn(unpaid.orderId, [{ product: candle, quantity: 1 }]);
    expect([notDelivered.statusCode, notDelivered.json().message]).toEqual([
      409,
      RETURN_MESSAGES.notDelivered,
    ]);

    const created = await deliveredOrder([{ product: candle, quantity: 2 }]);
    const tooMany = await requestReturn(created.orderId, [{ product: candle, quantity: 3 }]);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, tooManyUnitsMessage(candle.name, 2)]);

    expect((await requestReturn(created.orderId, [{ product: candle, quantity: 1 }])).statusCode).toBe(201);
    const second = await requestReturn(created.orderId, [{ product: candle, quantity: 1 }]);
    expect([second.statusCode, second.json().message]).toEqual([409, RETURN_MESSAGES.alreadyOpen]);

    const stranger = await store.newCustomer();
    expect(
      (await requestReturn(created.orderId, [{ product: candle, quantity: 1 }], stranger.headers)).statusCode,
    ).toBe(404);
  });

  it('lets the owner reject a return: no refund, the customer told why', async () => {
    const frame = await createTestProduct(store.database, { priceRupees: 900, stock: 3 });
    const created = await deliveredOrder([{ product: frame, quantity: 1 }]);
    const request = (await requestReturn(created.orderId, [{ product: frame, quantity: 1 }])).json<{
      return: ReturnRecord;
    }>().return;

    const rejected = await decide(request.id, 'reject', 'The frame was engraved to order');
    expect(rejected.json<{ return: ReturnRecord }>().return).toMatchObject({
      status: 'rejected',
      decisionNote: 'The frame was engraved to order',
    });
    expect(await paymentOf(created.orderId)).toMatchObject({ refundedPaise: 0, status: 'captured' });
    expect(await stockOf(frame)).toBe(2);
    expect((await orderOf(created.orderId)).status).toBe('delivered');
    expect((await decide(request.id, 'approve')).statusCode).toBe(409);
  });

  it('takes up to three photos with a request and shows them only to their customer and the owner', async () => {
    const vase = await createTestProduct(store.database, { priceRupees: 700 });
    const created = await deliveredOrder([{ product: vase, quantity: 1 }]);
    const request = (await requestReturn(created.orderId, [{ product: vase, quantity: 1 }])).json<{
      return: ReturnRecord;
    }>().return;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
    const upload = (headers: Record<string, string>) => {
      const boundary = '----return-photo';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="crack.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return store.app.inject({
        method: 'POST',
        url: `/api/returns/${request.id}/photos`,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };

    const stranger = await store.newCustomer();
    expect((await upload(stranger.headers)).statusCode).toBe(404);
    const answers = [];
    for (let index = 0; index < 4; index++) answers.push(await upload(store.customer.headers));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 409]);
    const photoIds = answers[2]!.json<{ return: ReturnRecord }>().return.photoIds;
    expect(photoIds).toHaveLength(3);

    const url = `/api/returns/${request.id}/photos/${photoIds[0]}`;
    const own = await store.app.inject({ url, headers: store.customer.headers });
    expect([own.statusCode, own.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(own.headers['cache-control']).toBe('no-store');
    expect((await sharp(own.rawPayload).metadata()).width).toBe(40);
    expect((await store.app.inject({ url, headers: store.admin.headers })).statusCode).toBe(200);
    expect((await store.app.inject({ url, headers: stranger.headers })).statusCode).toBe(404);
    // Staff see them as the back office's returns pages do: the orders desk, not the catalogue's.
    const ordersDesk = await store.newStaff('orders');
    expect((await store.app.inject({ url, headers: ordersDesk.headers })).statusCode).toBe(200);
    const catalogueDesk = await store.newStaff('catalogue');
    expect((await store.app.inject({ url, headers: catalogueDesk.headers })).statusCode).toBe(404);
  });

  it('refuses a photo over 40 megapixels, an SVG and a GIF, and a fourth photo before decoding it', async () => {
    const lamp = await createTestProduct(store.database, { priceRupees: 900 });
    const created = await deliveredOrder([{ product: lamp, quantity: 1 }]);
    const request = (await requestReturn(created.orderId, [{ product: lamp, quantity: 1 }])).json<{
      return: ReturnRecord;
    }>().return;
    const upload = (bytes: Buffer) => {
      const boundary = '----return-photo';
      return store.app.inject({
        method: 'POST',
        url: `/api/returns/${request.id}/photos`,
        headers: { ...store.customer.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="crack.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const bomb = pngBomb();
    const refused = await upload(bomb);
    expect([refused.statusCode, refused.json().message]).toEqual([400, IMAGE_TOO_LARGE_MESSAGE]);
    for (const bytes of [svgImage(), await gifImage()]) {
      const wrongType = await upload(bytes);
      expect([wrongType.statusCode, wrongType.json().message]).toEqual([
        400,
        'Please upload a JPEG, PNG or WebP photo.',
      ]);
    }
    const plain = sharp({ create: { width: 30, height: 20, channels: 3, background: '#0891b2' } });
    const accepted = [];
    for (const bytes of [
      await plain.clone().jpeg().toBuffer(),
      await plain.clone().png().toBuffer(),
      await plain.clone().webp().toBuffer(),
    ])
      accepted.push((await upload(bytes)).statusCode);
    expect(accepted).toEqual([201, 201, 201]);

    const started = Date.now();
    const fourth = await upload(bomb);
    expect([fourth.statusCode, fourth.json().message]).toEqual([409, RETURN_MESSAGES.tooManyPhotos]);
    // Decoding the bomb takes seconds; refusing it by the count takes a query.
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
