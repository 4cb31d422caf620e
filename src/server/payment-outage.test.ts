import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../shared/api/payments';
import { SERVICE_UNAVAILABLE_MESSAGE } from './http/error-handler';
import { createTestProduct, postOrder, seedPincodes } from './testing/order-fixtures';
import { setUpTestStore } from './testing/test-store';

// Decision 0053: a stand-in for Razorpay's Orders API that hangs until told to answer, behind the
// store's real Razorpay client (the SDK). scripts/measure-outages.ts times the same checkout.
let answering = false;
let server: Server;
let apiUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (!answering) return; // Hangs: the connection stays open, nothing comes back.
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ id: 'order_OutageTest0001', entity: 'order', amount: 0, currency: 'INR' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const store = setUpTestStore({
  customer: true,
  seed: seedPincodes,
  // A client that lets fetch's own failure through (nothing listens on port 1 of this machine).
  routes: (app) => {
    app.get('/api/test/outside-call', async () => fetch('http://127.0.0.1:1/').then(() => ({})));
  },
  env: async () => ({
    BACKGROUND_JOBS: 'false',
    PAYMENTS: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_test_outage',
    RAZORPAY_KEY_SECRET: 'outage-test-secret',
    RAZORPAY_WEBHOOK_SECRET: 'outage-test-webhook-secret',
    RAZORPAY_API_URL: apiUrl,
    // Short, so the test does not wait the production 10 s; the mechanism is the same.
    OUTSIDE_CALL_TIMEOUT_MS: '300',
  }),
});

describe('a checkout while Razorpay does not answer', () => {
  it('answers 503 with Retry-After in words a shopper can read, and the same checkout goes through once Razorpay answers', async () => {
    const product = await createTestProduct(store.database, { stock: 5 });
    const lines = [{ product, quantity: 1 }];
    const idempotencyKey = 'checkout-during-razorpay-outage';

    const during = await postOrder(store.app, store.customer.headers, lines, { idempotencyKey });
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('30');
    expect(during.json().message).toBe(PAYMENT_MESSAGES.providerDown);

    answering = true;
    const after = await postOrder(store.app, store.customer.headers, lines, { idempotencyKey });
    expect(after.statusCode).toBe(200);
    expect(after.json().order.id).toBe('order_OutageTest0001');
  });
});

describe('an outside call whose client lets a network failure through', () => {
  it('answers 503 with Retry-After and a readable message, not 500', async () => {
    const response = await store.app.inject('/api/test/outside-call');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json().message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
  });
});
