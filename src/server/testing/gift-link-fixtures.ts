import { and, asc, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
  CreateGiftLinkBatchInput,
  CreateGiftLinkBatchResponse,
  CreateGiftLinkInput,
} from '../../shared/api/gift-links';
import type { CreateOrderResponse } from '../../shared/api/payments';
import { toRupees } from '../../shared/money';
import type { OwnerSettings, OwnerSettingsResponse } from '../../shared/owner-settings';
import { quoteShippingPaise } from '../../shared/shipping';
import { moneyLedger, notificationOutbox } from '../db/schema';
import { sandboxId } from '../modules/payment-providers';
import type { Line } from './order-fixtures';
import { createTestProduct, payOrder, type TestProduct } from './order-fixtures';
import type { TestAccount } from './test-accounts';
import { verifyTestPhone } from './test-accounts';
import type { TestStore } from './test-store';

// Decision 0081: gifts sent by link, for the gift-links tests: a sender with a verified mobile,
// a link's checkout and payment, and the token the recipient's SMS carried.

export const MIDNIGHT_FEE_RUPEES = 199;

/** A recipient's answer: a Bengaluru flat (560001, which the seeded pincodes serve). */
export const BENGALURU = {
  fullName: 'Kavya Reddy',
  address: 'Flat 4B, Prestige Lakeside, 80 Feet Road, Koramangala',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  phone: '98450 12345',
};

let phoneCounter = 0;

/** A shopper whose mobile is verified by a one-time code, as a gift link needs. */
export async function senderWithPhone(store: TestStore, fullName = 'Asha Rao'): Promise<TestAccount> {
  const account = await store.newCustomer({ fullName });
  phoneCounter += 1;
  const phone = `96${String(10_000_000 + phoneCounter + Math.floor(Math.random() * 80_000_000)).padStart(8, '0')}`;
  await verifyTestPhone(store.app, store.database, account, phone);
  return account;
}

/** Saves owner settings over those in force, as the back office's Settings page does. */
export async function saveOwnerSettings(store: TestStore, changes: Partial<OwnerSettings>) {
  const headers = (await store.newAdmin()).headers;
  const current = (
    await store.app.inject({ url: '/api/admin/settings', headers })
  ).json<OwnerSettingsResponse>();
  const saved = await store.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers,
    payload: { ...current.settings, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** The rupee total of a link: items, shipping on their value, and the midnight fee when allowed. */
export function linkTotal(lines: readonly Line[], slots: readonly string[]): number {
  const subtotal = lines.reduce((sum, line) => sum + line.product.pricePaise * line.quantity, 0);
  const midnight = slots.includes('midnight') ? MIDNIGHT_FEE_RUPEES * 100 : 0;
  return toRupees(subtotal + quoteShippingPaise(subtotal).shippingFeePaise + midnight);
}

let recipientCounter = 0;
/** A recipient's mobile of its own for each link: a number gets only a few gift messages a day. */
const nextRecipientPhone = () => {
  recipientCounter += 1;
  return `98${String(10_000_000 + recipientCounter + Math.floor(Math.random() * 80_000_000)).padStart(8, '0')}`;
};

export function linkBody(
  lines: readonly Line[],
  overrides: Partial<CreateGiftLinkInput> = {},
): CreateGiftLinkInput {
  const allowedSlots = overrides.allowedSlots ?? ['standard', 'midnight'];
  return {
    items: lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
    totalAmount: linkTotal(lines, allowedSlots),
    recipient: { name: 'Kavya Reddy', phone: nextRecipientPhone() },
    message: 'Happy birthday, Kavya!',
    allowedSlots,
    ...overrides,
  };
}

export const postLink = (store: TestStore, headers: Record<string, string>, body: CreateGiftLinkInput) =>
  store.app.inject({ method: 'POST', url: '/api/gift-links', headers, payload: body });

/** The newest link token sent by SMS to `phone` (the recipient's message carries it). */
export async function sentToken(store: TestStore, phone: string): Promise<string> {
  const [row] = await store.database.db
    .select({ details: notificationOutbox.details })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.recipient, phone), eq(notificationOutbox.notice, 'gift_link')))
    .orderBy(desc(notificationOutbox.id))
    .limit(1);
  const token = row?.details.token;
  if (typeof token !== 'string') throw new Error(`No gift link was sent to ${phone}`);
  return token;
}

/** An order's money ledger, oldest first: what each line moved and why. */
export const ledgerOf = (store: TestStore, orderId: string) =>
  store.database.db
    .select({ kind: moneyLedger.kind, paise: moneyLedger.amountPaise, reason: moneyLedger.reason })
    .from(moneyLedger)
    .where(eq(moneyLedger.orderId, orderId))
    .orderBy(asc(moneyLedger.id));

/** A paid gift link: its order, and the token its recipient received. */
export async function paidLink(
  store: TestStore,
  sender: TestAccount,
  lines: readonly Line[],
  overrides: Partial<CreateGiftLinkInput> = {},
) {
  const body = linkBody(lines, overrides);
  const created = await postLink(store, sender.headers, body);
  expect(created.statusCode, created.body).toBe(200);
  const order = created.json<CreateOrderResponse>();
  await payOrder(store.app, sender.headers, order);
  const phone = body.recipient.phone?.replace(/\D/g, '').slice(-10);
  return { order, token: phone ? await sentToken(store, phone) : null };
}

// Decision 0090: many recipients in one checkout, paid once.

let listCounter = 0;
/** A list of `rows` employees, each with a mobile of their own ('name, mobile, message'). */
export function employeeList(rows: number): string {
  listCounter += 1;
  return Array.from({ length: rows }, (_, index) => {
    // 9, the list, the row and four random digits: ten digits, none shared between lists.
    const phone = `9${String(listCounter).padStart(2, '0')}${String(index).padStart(3, '0')}${String(1000 + Math.floor(Math.random() * 9000))}`;
    return index % 2 === 0
      ? `Employee ${index + 1}, ${phone}, Happy Diwali from all of us`
      : `Employee ${index + 1}, ${phone}`;
  }).join('\n');
}

export function batchBody(
  product: TestProduct,
  list: string,
  rows: number,
  overrides: Partial<CreateGiftLinkBatchInput> = {},
): CreateGiftLinkBatchInput {
  const allowedSlots = overrides.allowedSlots ?? ['standard', 'midnight'];
  return {
    items: [{ productId: product.id, quantity: 1 }],
    totalAmount: linkTotal([{ product, quantity: 1 }], allowedSlots) * rows,
    allowedSlots,
    list,
    message: 'With thanks for a wonderful year',
    ...overrides,
  };
}

export const postBatch = (store: TestStore, sender: TestAccount, body: CreateGiftLinkBatchInput) =>
  store.app.inject({
    method: 'POST',
    url: '/api/gift-links/batches',
    headers: sender.headers,
    payload: body,
  });

/** Pays a batch with the sandbox's signed checkout answer, or a forged `signature`. */
export const verifyBatch = (
  store: TestStore,
  sender: TestAccount,
  batch: CreateGiftLinkBatchResponse,
  signature?: string,
) => {
  const paymentId = sandboxId('pay');
  return store.app.inject({
    method: 'POST',
    url: '/api/gift-links/batches/verify',
    headers: sender.headers,
    payload: {
      orderId: batch.orderId,
      razorpay_order_id: batch.order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature ?? store.app.sandboxProvider!.signPayment(batch.order.id, paymentId),
    },
  });
};

/** A paid batch of `rows` recipients of one ₹450 diya set each. */
export async function paidBatch(
  store: TestStore,
  rows: number,
  overrides: Partial<CreateGiftLinkBatchInput> = {},
) {
  const sender = await senderWithPhone(store, 'Meera Iyer');
  const product = await createTestProduct(store.database, {
    name: 'Brass Diya Set',
    priceRupees: 450,
    stock: rows + 5,
  });
  const created = await postBatch(store, sender, batchBody(product, employeeList(rows), rows, overrides));
  expect(created.statusCode, created.body).toBe(200);
  const batch = created.json<CreateGiftLinkBatchResponse>();
  const paid = await verifyBatch(store, sender, batch);
  expect(paid.statusCode, paid.body).toBe(200);
  return { sender, product, batch };
}
