import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
  ConfirmContributionResponse,
  ContributeResponse,
  OpenGroupGiftInput,
  OpenGroupGiftResponse,
} from '../../shared/api/group-gifts';
import { addDays, indiaDateOf } from '../../shared/india-time';
import { groupGifts, moneyLedger, orders } from '../db/schema';
import { giftLinkTokenHashOf } from '../modules/gift-links';
import { sandboxId } from '../modules/payment-providers';
import { type Line, TEST_ADDRESS, totalFor } from './order-fixtures';
import type { TestAccount } from './test-accounts';
import type { TestStore } from './test-store';

// Decision 0084: group gifts, for their tests: a pool opened through the API, and shares started
// and paid through the sandbox provider's signed answer, as its checkout window gives it.

/** A pool's body: checkout's lines to the test address, closing `days` India days from now. */
export function poolBody(
  store: TestStore,
  lines: readonly Line[],
  overrides: Partial<OpenGroupGiftInput> & { days?: number } = {},
): OpenGroupGiftInput {
  const { days = 7, ...rest } = overrides;
  return {
    items: lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
    totalAmount: totalFor(lines),
    shippingAddress: TEST_ADDRESS,
    recipientName: 'Meera Nair',
    closesOn: addDays(indiaDateOf(store.clock.now()), days),
    message: 'Farewell from the design team!',
    ...rest,
  };
}

export const postPool = (store: TestStore, headers: Record<string, string>, body: OpenGroupGiftInput) =>
  store.app.inject({ method: 'POST', url: '/api/group-gifts', headers, payload: body });

/** A pool that must open; fails the test with the server's answer otherwise. */
export async function openPool(
  store: TestStore,
  organiser: TestAccount,
  lines: readonly Line[],
  overrides: Parameters<typeof poolBody>[2] = {},
): Promise<OpenGroupGiftResponse> {
  const opened = await postPool(store, organiser.headers, poolBody(store, lines, overrides));
  expect(opened.statusCode, opened.body).toBe(201);
  return opened.json<OpenGroupGiftResponse>();
}

export const postShare = (
  store: TestStore,
  headers: Record<string, string>,
  token: string,
  body: { amount: number; shownName?: string; note?: string },
) =>
  store.app.inject({
    method: 'POST',
    url: `/api/group-gifts/${token}/contributions`,
    headers,
    payload: body,
  });

/** A share that must start: its provider order. */
export async function startShare(
  store: TestStore,
  contributor: TestAccount,
  token: string,
  body: { amount: number; shownName?: string; note?: string },
): Promise<ContributeResponse> {
  const started = await postShare(store, contributor.headers, token, body);
  expect(started.statusCode, started.body).toBe(200);
  return started.json<ContributeResponse>();
}

/** The checkout window's signed answer for a share, as the sandbox signs it. */
export function signedAnswer(store: TestStore, started: ContributeResponse, paymentId = sandboxId('pay')) {
  return {
    razorpay_order_id: started.order.id,
    razorpay_payment_id: paymentId,
    razorpay_signature: store.app.sandboxProvider!.signPayment(started.order.id, paymentId),
  };
}

export const postConfirm = (
  store: TestStore,
  headers: Record<string, string>,
  token: string,
  contributionId: number,
  body: Record<string, string>,
) =>
  store.app.inject({
    method: 'POST',
    url: `/api/group-gifts/${token}/contributions/${contributionId}/verify`,
    headers,
    payload: body,
  });

/** Starts and pays a share; answers what the pool kept and its page after. */
export async function chipIn(
  store: TestStore,
  contributor: TestAccount,
  token: string,
  body: { amount: number; shownName?: string; note?: string },
): Promise<ConfirmContributionResponse> {
  const started = await startShare(store, contributor, token, body);
  const paid = await postConfirm(
    store,
    contributor.headers,
    token,
    started.contributionId,
    signedAnswer(store, started),
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json<ConfirmContributionResponse>();
}

/** The pool of a token and its order, as stored (only the token's hash is kept). */
export async function storedPool(store: TestStore, token: string) {
  const [row] = await store.database.db
    .select()
    .from(groupGifts)
    .innerJoin(orders, eq(orders.id, groupGifts.orderId))
    .where(eq(groupGifts.tokenHash, giftLinkTokenHashOf(token)));
  if (!row) throw new Error('No pool has this token');
  return row;
}

/** An order's money ledger, oldest line first: each movement's kind, paise and reason. */
export const ledgerLinesOf = (store: TestStore, orderId: string) =>
  store.database.db
    .select({ kind: moneyLedger.kind, amountPaise: moneyLedger.amountPaise, reason: moneyLedger.reason })
    .from(moneyLedger)
    .where(eq(moneyLedger.orderId, orderId))
    .orderBy(asc(moneyLedger.id));
