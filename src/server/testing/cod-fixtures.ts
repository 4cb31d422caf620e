import { and, inArray, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ShipmentResponse } from '../../shared/api/courier';
import type { CreateOrderResponse } from '../../shared/api/payments';
import { toPaise, toRupees } from '../../shared/money';
import type { OwnerSettings, OwnerSettingsResponse } from '../../shared/owner-settings';
import { quoteShippingPaise } from '../../shared/shipping';
import { sandboxMessages } from '../db/schema';
import { courierScan } from './courier-scans';
import { type Line, orderBody, payOrder, TEST_ADDRESS, type TestProduct } from './order-fixtures';
import { type TestAccount, verifyTestPhone } from './test-accounts';
import type { TestStore } from './test-store';

/** The COD fee the desk's settings charge. */
export const COD_TEST_FEE = 49;

/** Saves the owner's settings with `changes` over what is saved now, as the Settings page does. */
export async function saveOwnerSettings(store: TestStore, changes: Partial<OwnerSettings>): Promise<void> {
  const headers = (await store.newAdmin()).headers;
  const { settings } = (
    await store.app.inject({ url: '/api/admin/settings', headers })
  ).json<OwnerSettingsResponse>();
  const saved = await store.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers,
    payload: { ...settings, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/**
 * An order of `quantity` x `product` to `postalCode` by a new shopper with a verified mobile, who
 * ticked `notify` for its news; an online one is paid through the sandbox provider. The one
 * set-up of the parcel tests (a failed delivery, a COD order waiting for its YES).
 */
export async function orderWithNews(
  store: TestStore,
  order: {
    product: TestProduct;
    quantity: number;
    postalCode: string;
    paymentMethod: 'online' | 'cod';
    totalAmount: number;
    notify: { whatsapp: boolean; sms: boolean; email: boolean };
  },
) {
  const buyer = await codDesk(store).shopperWithPhone();
  const { phone } = buyer;
  const response = await store.app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: buyer.headers,
    payload: {
      ...orderBody([{ product: order.product, quantity: order.quantity }], {
        shippingAddress: { ...TEST_ADDRESS, postalCode: order.postalCode, phone },
        totalAmount: order.totalAmount,
      }),
      notify: { ...order.notify, phone },
      paymentMethod: order.paymentMethod,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const created = response.json<CreateOrderResponse>();
  if (order.paymentMethod === 'online') await payOrder(store.app, buyer.headers, created);
  return { orderId: created.orderId, orderNumber: created.orderNumber, buyer, phone };
}

/**
 * Cash on delivery over one test store (decision 0042): the owner's settings, a shopper with a
 * verified mobile, placing and cancelling an order, and what the message sandbox sent.
 */
export function codDesk(store: TestStore) {
  let phoneCounter = 0;
  const ownerHeaders = async () => (await store.newAdmin()).headers;
  // One owner books every delivered order: a new account per order would hash a password each.
  let booker: Promise<Record<string, string>> | undefined;
  return {
    ownerHeaders,
    /** Turns COD on at every pincode with a ₹49 fee, and any other settings given. */
    setCod(changes: Partial<OwnerSettings> = {}) {
      return saveOwnerSettings(store, {
        codEnabled: true,
        codPincodes: '',
        codFee: COD_TEST_FEE,
        ...changes,
      });
    },
    /**
     * A COD order of `lines` placed by `buyer`, booked with the sandbox courier and delivered at
     * `deliveredAt` ('2031-10-06 10:00:00', the courier's India time): its cash collected.
     */
    async deliveredCod(
      buyer: TestAccount & { phone: string },
      lines: readonly Line[],
      deliveredAt: string,
    ): Promise<{ orderId: string; orderNumber: string; awb: string }> {
      const placed = await this.placeCod(buyer.headers, lines, { phone: buyer.phone });
      expect(placed.statusCode, placed.body).toBe(200);
      const { orderId, orderNumber } = placed.json<{ orderId: string; orderNumber: string }>();
      booker ??= ownerHeaders();
      const shipped = await store.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/shipment`,
        headers: await booker,
      });
      expect(shipped.statusCode, shipped.body).toBe(201);
      const { awb } = shipped.json<ShipmentResponse>().shipment;
      const delivered = await store.app.inject({
        method: 'POST',
        url: '/api/shipping/webhook',
        headers: { 'x-api-key': store.app.sandboxCourier?.token ?? '' },
        payload: courierScan(awb, 'delivered', deliveredAt, 'Delivered', 'Bengaluru'),
      });
      expect(delivered.statusCode, delivered.body).toBe(200);
      return { orderId, orderNumber, awb };
    },
    /** A shopper whose mobile is verified by a one-time code, as the address form does it. */
    async shopperWithPhone(fields: { fullName?: string } = {}): Promise<TestAccount & { phone: string }> {
      const account = await store.newCustomer(fields);
      phoneCounter += 1;
      const phone = `97${String(10_000_000 + phoneCounter + Math.floor(Math.random() * 80_000_000)).padStart(8, '0')}`;
      await verifyTestPhone(store.app, store.database, account, phone);
      return { ...account, phone };
    },
    /** A COD order delivered to `phone`, with order news asked for on WhatsApp and SMS to `notifyPhone`. */
    placeCod(
      headers: Record<string, string>,
      lines: readonly Line[],
      options: { phone: string; notifyPhone?: string; remoteAddress?: string; gift?: boolean },
    ) {
      const subtotal = lines.reduce((sum, line) => sum + line.product.pricePaise * line.quantity, 0);
      const total = toRupees(
        subtotal + quoteShippingPaise(subtotal).shippingFeePaise + toPaise(COD_TEST_FEE),
      );
      return store.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers,
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        payload: {
          ...orderBody(lines, {
            totalAmount: total,
            shippingAddress: { ...TEST_ADDRESS, phone: options.phone },
          }),
          paymentMethod: 'cod',
          notify: {
            whatsapp: true,
            sms: true,
            email: false,
            phone: options.notifyPhone ?? options.phone,
            giftRecipient: true,
          },
          ...(options.gift ? { giftOptions: { message: null, hidePrices: true } } : {}),
        },
      });
    },
    cancel(headers: Record<string, string>, orderId: string, remoteAddress?: string) {
      return store.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/cancel`,
        headers,
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    },
    /** Every message but sign-in codes the sandbox WhatsApp and SMS "sent" to these numbers. */
    sentTo(numbers: string[]) {
      return store.database.db
        .select()
        .from(sandboxMessages)
        .where(and(inArray(sandboxMessages.recipient, numbers), ne(sandboxMessages.template, 'otp')));
    },
    /** Sends the message outbox until nothing is due. */
    async sendAll() {
      for (;;) {
        const { sent, failed, skipped } = await store.app.notifications.sendDue(100);
        if (sent + failed + skipped === 0) return;
      }
    },
  };
}
