import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../shared/api/auth';
import type { Product, ProductList } from '../shared/api/catalog';
import type { OrderRecord } from '../shared/api/orders';
import type { CreateOrderResponse } from '../shared/api/payments';
import { toPaise, toRupees } from '../shared/money';
import { quoteShippingPaise } from '../shared/shipping';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase, rowsOf } from './db/client';
import { paymentSignature } from './modules/payment-providers';
import { localUrl } from './start-server';
import { TEST_MODE_NOTICE } from './startup-notices';
import { createTestClock } from './testing/test-app';
import { createTestDatabase } from './testing/test-database';

// The real process, as `npm start` runs it: start-up seeding, reuse of the data on restart,
// durability of committed rows across SIGKILL, and the one-line refusal of a bad setting.
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-start-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function spawnStore(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      BACKGROUND_JOBS: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  child.on('exit', () => running.delete(child));
  return { child, stderr: () => stderr };
}

async function startStore(env: Record<string, string> = {}) {
  const port = await freePort();
  const store = spawnStore({ PORT: String(port), ...env });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    // A crash ends it by a signal (V8's abort), which leaves exitCode null.
    if (store.child.exitCode !== null || store.child.signalCode !== null)
      throw new Error(`The store exited: ${store.stderr()}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { ...store, baseUrl };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The store did not start: ${store.stderr()}`);
}

/**
 * Where the store keeps its rows: the embedded database in DATA_DIR, or, when TEST_DATABASE_URL
 * is set, a PostgreSQL database of this test's own (dropped by `drop`).
 */
async function storeDatabase(): Promise<{
  env: Record<string, string>;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return {
      env: {},
      open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
      drop: async () => {},
    };
  }
  const database = await createTestDatabase();
  const [current] = rowsOf<{ name: string }>(
    await database.db.execute(sql`select current_database() as name`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${current!.name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: async (): Promise<Database> => ({ ...database, close: async () => {} }),
    drop: () => database.close(),
  };
}

async function stopStore(child: ChildProcess, signal: NodeJS.Signals) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  return exited;
}

/**
 * A POST whose headers the server has read (it asked for the body with 100 Continue) but whose
 * body is not sent yet: a request in flight, finished by `finish`.
 */
async function requestInFlight(url: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const request = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': payload.length, expect: '100-continue' },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  const asked = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  request.flushHeaders();
  await asked;
  return {
    finish() {
      request.end(payload);
      return answered;
    },
  };
}

async function productTotal(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/products?limit=1`);
  return ((await response.json()) as { total: number }).total;
}

describe('starting the store', () => {
  // One store started twice on the same data: each start costs seconds of CPU (most of a restart is
  // loading the server and its embedded database), so the cases share the restart.
  it('seeds once, keeps an account and orders committed before a SIGKILL, then pays one, shuts down gracefully, and expires the other', {
    timeout: 300_000,
  }, async () => {
    // Fixed sandbox secrets, so the test can sign what the payment window would hand back.
    const secrets = {
      SANDBOX_KEY_SECRET: 'kill-test-key-secret',
      SANDBOX_WEBHOOK_SECRET: 'kill-test-hook-secret',
    };
    const storage = await storeDatabase();
    const env = { ...secrets, ...storage.env };
    const first = await startStore(env);
    // With no payments setting the sandbox takes payments, and the first line says so.
    expect(first.stderr().split('\n')[0]).toBe(TEST_MODE_NOTICE);
    const seeded = await productTotal(first.baseUrl);
    expect(seeded).toBeGreaterThanOrEqual(500);
    const call = (baseUrl: string, url: string, init: { token?: string; body?: unknown } = {}) =>
      fetch(`${baseUrl}${url}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    const productOf = async (baseUrl: string, id: number) =>
      ((await (await call(baseUrl, `/api/products/${id}`)).json()) as { product: Product }).product;

    const registered = await call(first.baseUrl, '/api/auth/register', {
      body: {
        email: 'sigkill@example.com',
        password: 'secret123',
        username: 'sigkill',
        fullName: 'Kiran Rao',
        adult: true,
      },
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as AuthResponse;
    const listing = (await (
      await call(first.baseUrl, '/api/products?limit=100&sort=id')
    ).json()) as ProductList;
    const [toPay, toExpire] = listing.data.filter(
      (product) => product.stock >= 20 && product.minQuantity === 1,
    );
    if (!toPay || !toExpire)
      throw new Error('The seeded catalogue has no two products with stock to test with');
    const placeOrder = async (product: Product) => {
      const subtotal = toPaise(product.price) * 2;
      const response = await call(first.baseUrl, '/api/payments/create-order', {
        token,
        body: {
          items: [
            { productId: product.id, quantity: 2, inStock: true, allowPreOrder: false, minQuantity: 1 },
          ],
          totalAmount: toRupees(subtotal + quoteShippingPaise(subtotal).shippingFeePaise),
          shippingAddress: {
            fullName: 'Kiran Rao',
            address: '12 MG Road, Ashok Nagar',
            city: 'Bengaluru',
            postalCode: '560001',
            phone: '9876543210',
          },
        },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as CreateOrderResponse;
    };
    const paid = await placeOrder(toPay);
    const unpaid = await placeOrder(toExpire);
    expect((await productOf(first.baseUrl, toExpire.id)).stock).toBe(toExpire.stock - 2);

    // Killed between create-order and verify: nothing gets the chance to finish cleanly.
    await stopStore(first.child, 'SIGKILL');

    const second = await startStore(env);
    expect(second.stderr()).not.toContain('Seeded');
    expect(await productTotal(second.baseUrl)).toBe(seeded);
    const login = await call(second.baseUrl, '/api/auth/login', {
      body: { email: 'sigkill@example.com', password: 'secret123' },
    });
    expect(login.status).toBe(200);
    const orderOf = async (orderId: string) =>
      (await (await call(second.baseUrl, `/api/orders/${orderId}`, { token })).json()) as OrderRecord;
    expect((await orderOf(paid.orderId)).status).toBe('pending');
    expect((await orderOf(unpaid.orderId)).status).toBe('pending');
    expect((await productOf(second.baseUrl, toExpire.id)).stock).toBe(toExpire.stock - 2);

    const paymentId = 'pay_AfterRestart01';
    const verified = await call(second.baseUrl, '/api/payments/verify-payment', {
      token,
      body: {
        razorpay_order_id: paid.order.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(secrets.SANDBOX_KEY_SECRET, paid.order.id, paymentId),
        orderId: paid.orderId,
      },
    });
    expect(verified.status).toBe(200);
    expect((await orderOf(paid.orderId)).status).toBe('paid');
    expect((await productOf(second.baseUrl, toPay.id)).stock).toBe(toPay.stock - 2);

    // Graceful shutdown: a request in flight when SIGTERM arrives is still answered, then the
    // process closes the database and exits cleanly.
    const inFlight = await requestInFlight(`${second.baseUrl}/api/auth/login`, {
      email: 'sigkill@example.com',
      password: 'secret123',
    });
    const exited = stopStore(second.child, 'SIGTERM');
    const answer = await inFlight.finish();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ user: { email: 'sigkill@example.com' } });
    expect(await exited).toBe(0);

    // The other order is left unpaid: the store, started again on the same data 31 minutes
    // later, cancels it and puts its stock back (the expiry sweep, run with a clock set ahead).
    const database = await storage.open();
    const later = createTestClock(new Date(Date.now() + 31 * 60 * 1000));
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      BACKGROUND_JOBS: 'false',
      ...secrets,
    });
    const third = await buildApp({ config, database, clock: later });
    try {
      expect(await third.orders.expireOverdueOrders()).toBe(1);
      const expired = await third.inject({
        url: `/api/orders/${unpaid.orderId}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(expired.json<OrderRecord>().status).toBe('cancelled');
      const restocked = await third.inject({ url: `/api/products/${toExpire.id}` });
      expect(restocked.json<{ product: Product }>().product.stock).toBe(toExpire.stock);
      const stillPaid = await third.inject({
        url: `/api/orders/${paid.orderId}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(stillPaid.json<OrderRecord>().status).toBe('paid');
    } finally {
      await third.close();
      await database.close();
      await storage.drop();
    }
  });

  it('refuses a bad setting with one line naming the variable', { timeout: 60_000 }, async () => {
    const store = spawnStore({ PORT: 'eighty' });
    const code = await new Promise((resolve) => store.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(store.stderr().trim()).toMatch(/^Invalid environment variable PORT: [^\n]+$/);
  });

  it('refuses PAYMENTS=razorpay without the Razorpay keys with one line', { timeout: 60_000 }, async () => {
    const store = spawnStore({ PAYMENTS: 'razorpay', RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '' });
    const code = await new Promise((resolve) => store.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(store.stderr().trim()).toBe(
      'Invalid environment variable RAZORPAY_KEY_ID: must be set when PAYMENTS=razorpay',
    );
  });
});

describe('the address start-up names', () => {
  it('is localhost for a store listening on every interface, else the host it listens on', () => {
    expect(localUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(localUrl('::', 3000)).toBe('http://localhost:3000');
    expect(localUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(localUrl('::1', 8080)).toBe('http://[::1]:8080');
  });
});
