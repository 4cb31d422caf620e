import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { startHangingServer } from '../../testing/outage-servers';
import { createRazorpayProvider } from './razorpay-provider';

// A local stand-in for Razorpay's POST /v1/payments/:id/refund that keeps what its documentation
// says: a request with a known X-Refund-Idempotency key answers the refund already made for it,
// the same key with another body is a BAD_REQUEST, and a request without the key is refused here
// (the store must always send one).
type Seen = { url: string; headers: IncomingHttpHeaders; body: Record<string, unknown> };
const seen: Seen[] = [];
const madeByKey = new Map<string, { id: string; body: string }>();
let server: Server;
let apiBase = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      seen.push({ url: request.url ?? '', headers: request.headers, body });
      const answer = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const key = request.headers['x-refund-idempotency'];
      if (typeof key !== 'string' || !/^[\w-]{10,}$/.test(key)) {
        return answer(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'No idempotency key' } });
      }
      const made = madeByKey.get(key);
      if (made && made.body !== raw) {
        return answer(400, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Different request with the same idempotency key has already been processed.',
          },
        });
      }
      const refund = made ?? { id: `rfnd_${String(madeByKey.size + 1).padStart(14, '0')}`, body: raw };
      madeByKey.set(key, refund);
      return answer(200, { id: refund.id, entity: 'refund', amount: body.amount, receipt: body.receipt });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const provider = () =>
  createRazorpayProvider({
    keyId: 'rzp_test_key',
    keySecret: 'secret',
    webhookSecret: undefined,
    apiBase,
    timeoutMs: 5000,
  });

describe('a Razorpay refund', () => {
  it('sends its receipt as the X-Refund-Idempotency key, so a retry after a crash is the same refund', async () => {
    const first = await provider().refund('pay_29QQoUBi66xm2f', 33_960, 'refund-41-0');
    // The store crashed before committing, and a new process (a new client) tries again.
    const again = await provider().refund('pay_29QQoUBi66xm2f', 33_960, 'refund-41-0');

    expect(again.id).toBe(first.id);
    expect([...madeByKey.keys()]).toEqual(['refund-41-0']);
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.url).toBe('/v1/payments/pay_29QQoUBi66xm2f/refund');
      expect(request.headers['x-refund-idempotency']).toBe('refund-41-0');
      expect(request.headers.authorization).toBe(
        `Basic ${Buffer.from('rzp_test_key:secret').toString('base64')}`,
      );
      expect(request.body).toEqual({ amount: 33_960, receipt: 'refund-41-0' });
    }
  });

  it('gives a second refund of the same payment its own key', async () => {
    const partial = await provider().refund('pay_29QQoUBi66xm2f', 10_000, 'return-7-41');
    const rest = await provider().refund('pay_29QQoUBi66xm2f', 5_000, 'refund-41-10000');
    expect(rest.id).not.toBe(partial.id);
  });

  it("throws Razorpay's reason when it refuses, so the refund stays due", async () => {
    await provider().refund('pay_29QQoUBi66xm2f', 1_000, 'refund-90-0');
    await expect(provider().refund('pay_29QQoUBi66xm2f', 2_000, 'refund-90-0')).rejects.toThrow(
      'Razorpay refused the refund of pay_29QQoUBi66xm2f (400): Different request with the same idempotency key has already been processed.',
    );
  });
});

describe('a Razorpay that does not answer, or fails', () => {
  it('gives up on a hanging API after the timeout and answers 503 in words a shopper can read', async () => {
    const hanging = await startHangingServer();
    try {
      const stranded = createRazorpayProvider({
        keyId: 'rzp_test_key',
        keySecret: 'secret',
        webhookSecret: undefined,
        apiBase: hanging.url,
        // Short, so the test does not wait the production 10 s; the mechanism is the same.
        timeoutMs: 200,
      });
      const order = stranded.createOrder({ amountPaise: 49_900, receipt: 'UG-1001', notes: {} });
      await expect(order).rejects.toMatchObject({
        kind: 'unavailable',
        message: PAYMENT_MESSAGES.providerDown,
      });
      await expect(stranded.fetchPayment('pay_29QQoUBi66xm2f')).rejects.toMatchObject({
        kind: 'unavailable',
      });
    } finally {
      await hanging.close();
    }
  });

  it('answers 503 when nothing listens, and 502 when Razorpay refuses the request', async () => {
    const closed = createRazorpayProvider({
      keyId: 'rzp_test_key',
      keySecret: 'secret',
      webhookSecret: undefined,
      // Nothing listens on port 1 of this machine.
      apiBase: 'http://127.0.0.1:1',
      timeoutMs: 5000,
    });
    await expect(
      closed.createOrder({ amountPaise: 100, receipt: 'UG-1002', notes: {} }),
    ).rejects.toMatchObject({
      kind: 'unavailable',
    });
    // The stand-in above refuses every call but a refund with a 400, as Razorpay does a bad one.
    await expect(
      provider().createOrder({ amountPaise: 100, receipt: 'UG-1003', notes: {} }),
    ).rejects.toMatchObject({
      kind: 'badGateway',
      message: PAYMENT_MESSAGES.providerRefused,
    });
  });
});
