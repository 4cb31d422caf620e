// `npm run prove:scale-out`: proves on this machine that several store instances share one
// PostgreSQL and one Redis safely (DESIGN 1). It creates a fresh database, starts two
// instances on different ports and checks, printing each step:
//   1. 50 concurrent buyers for the last 10 units, split across both: exactly 10 orders (all
//      payable), stock 0, never negative;
//   2. the login rate limit trips at the same count whichever instance is hit;
//   3. an expired order releases its stock once, with both instances sweeping;
//   4. SIGKILL of one instance during a burst of orders: no order lost or half-written, the other
//      keeps serving;
//   5. SIGTERM of one instance during a burst: it drains and exits 0, with the same guarantees;
//   and between 3 and 4: the owner changes the shipping fee on A and B quotes the new fee at once,
//   and renames a product on A and B's search finds it at once (decision 0074).
// Exits non-zero on any failure. Settings: PROVE_DATABASE_URL (a database of the server to connect
// to for CREATE DATABASE; default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL (default
// redis://127.0.0.1:6379).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from '../src/server/db/client';
import { orders, products, sessions, users } from '../src/server/db/schema';
import { AUTH_LIMITS, tokenHashOf } from '../src/server/modules/auth';
import { ORDER_EXPIRED_NOTE } from '../src/server/modules/orders';
import { paymentSignature } from '../src/server/modules/payment-providers';
import {
  createBuyers,
  createTestProduct,
  orderBody,
  seedPincodes,
  type TestProduct,
} from '../src/server/testing/order-fixtures';
import { createServerDatabase } from '../src/server/testing/server-database';
import { releaseScratch, type StoreInstance, startInstance, stopInstance } from './store-process';

const serverUrl = process.env.PROVE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = randomBytes(5).toString('hex');
const redisPrefix = `prove:${runId}:`;
const sandboxKeySecret = randomBytes(24).toString('hex');
const startedAt = Date.now();

const results: { name: string; ok: boolean }[] = [];
function say(message: string) {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1).padStart(6);
  process.stdout.write(`[${seconds}s] ${message}\n`);
}
function check(name: string, ok: boolean, detail = '') {
  results.push({ name, ok });
  say(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
}

/** An answer, with the seconds its Retry-After asked a client to wait (a 503, decision 0053). */
type Answer = { status: number; body: Record<string, unknown>; retryAfterSeconds?: number };
async function call(
  instance: StoreInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const response = await fetch(`${instance.baseUrl}${url}`, {
    method,
    headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { text };
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return { status: response.status, body, ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
}

const tally = (statuses: (number | string)[]) =>
  Object.entries(
    statuses.reduce<Record<string, number>>((counts, status) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');

async function stockOf(database: Database, product: TestProduct) {
  const [row] = await database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, product.id));
  return row?.stock ?? Number.NaN;
}

async function ordersOf(database: Database, product: TestProduct) {
  const result = await database.db.execute(sql`
    select o.id, o.status, o.user_id, count(i.id)::int as lines, coalesce(sum(i.reserved_quantity), 0)::int as reserved
      from orders o left join order_items i on i.order_id = o.id
     where o.id in (select order_id from order_items where product_id = ${product.id})
        or not exists (select 1 from order_items where order_id = o.id)
     group by o.id`);
  return rowsOf<{ id: string; status: string; user_id: number; lines: number; reserved: number }>(result);
}

async function lastUnits(database: Database, instances: StoreInstance[]) {
  say('Step 1: 50 concurrent buyers for the last 10 units, alternating between the two instances');
  const product = await createTestProduct(database, { name: 'Last Ten Silver Coins', stock: 10 });
  const buyers = await createBuyers(database, 50, new Date());
  const answers = await Promise.all(
    buyers.map((buyer, index) =>
      call(instances[index % 2]!, 'POST', '/api/payments/create-order', {
        headers: buyer.headers,
        body: orderBody([{ product, quantity: 1 }]),
      }).then((answer) => ({ ...answer, buyer, instance: instances[index % 2]! })),
    ),
  );
  const created = answers.filter((answer) => answer.status === 200);
  say(`answers: ${tally(answers.map((answer) => answer.status))}`);
  check('exactly 10 of 50 buyers get an order', created.length === 10, `${created.length} created`);
  check(
    'every other buyer is told the item sold out (409), none gets an error',
    answers.every((answer) => answer.status === 200 || answer.status === 409),
  );
  say(`orders created by: ${tally(created.map((answer) => answer.instance.name))}`);
  const stock = await stockOf(database, product);
  const rows = await ordersOf(database, product);
  check('stock ends at 0, never negative', stock === 0, `stock ${stock}`);
  check(
    'the database holds exactly 10 orders reserving one unit each',
    rows.length === 10 && rows.every((row) => row.lines === 1 && row.reserved === 1),
    `${rows.length} orders`,
  );

  say('Paying the 10 orders with sandbox signatures, alternating instances');
  const paid = await Promise.all(
    created.map((answer, index) => {
      const order = answer.body.order as { id: string };
      const paymentId = `pay_${randomBytes(7).toString('hex')}`;
      return call(instances[index % 2]!, 'POST', '/api/payments/verify-payment', {
        headers: answer.buyer.headers,
        body: {
          orderId: answer.body.orderId,
          razorpay_order_id: order.id,
          razorpay_payment_id: paymentId,
          razorpay_signature: paymentSignature(sandboxKeySecret, order.id, paymentId),
        },
      });
    }),
  );
  const paidRows = (await ordersOf(database, product)).filter((row) => row.status === 'paid');
  check(
    'all 10 orders are payable and paid',
    paid.every((answer) => answer.status === 200) && paidRows.length === 10,
    `${tally(paid.map((answer) => answer.status))}; ${paidRows.length} paid in the database`,
  );
}

async function loginLimit(instances: StoreInstance[]) {
  const { attempts } = AUTH_LIMITS.loginPerAccountAndIp;
  say(`Step 2: the login limit (${attempts} attempts per account and address) across both instances`);
  for (const [label, order] of [
    ['A first', [0, 1]],
    ['B first', [1, 0]],
  ] as const) {
    const email = `limit-${label[0]!.toLowerCase()}-${runId}@example.com`;
    const registered = await call(instances[order[0]]!, 'POST', '/api/auth/register', {
      body: {
        email,
        password: 'correct-horse',
        username: `limit${label[0]}${runId}`,
        fullName: 'Rate Limit',
        adult: true,
      },
    });
    if (registered.status !== 201) {
      check(`register an account (${label})`, false, `status ${registered.status}`);
      continue;
    }
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= attempts; attempt += 1) {
      const instance = instances[order[attempt % 2]!]!;
      const answer = await call(instance, 'POST', '/api/auth/login', {
        body: { email, password: `wrong-${attempt}` },
      });
      statuses.push(answer.status);
    }
    const other = await call(instances[order[(attempts + 1) % 2]!]!, 'POST', '/api/auth/login', {
      body: { email, password: 'correct-horse' },
    });
    const expected = [...Array.from({ length: attempts }, () => 401), 429];
    check(
      `alternating instances (${label}): ${attempts} failures answer 401, the next 429 on either instance`,
      JSON.stringify(statuses) === JSON.stringify(expected) && other.status === 429,
      `${statuses.join(' ')}, then ${other.status} on the other instance`,
    );
  }
}

async function expiry(database: Database, instances: StoreInstance[]) {
  say('Step 3: an unpaid order expires while both instances run the sweep every second');
  const product = await createTestProduct(database, { name: 'Expiring Brass Diya', stock: 5 });
  const [buyer] = await createBuyers(database, 1, new Date());
  const answer = await call(instances[0]!, 'POST', '/api/payments/create-order', {
    headers: buyer!.headers,
    body: orderBody([{ product, quantity: 2 }]),
  });
  const orderId = String(answer.body.orderId);
  check('the order reserves 2 of 5 units', answer.status === 200 && (await stockOf(database, product)) === 3);
  await database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));
  const deadline = Date.now() + 30_000;
  let status = 'pending';
  while (status === 'pending' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [row] = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    status = row?.status ?? 'missing';
  }
  // Let both instances sweep a few more times: a second release would show now.
  await new Promise((resolve) => setTimeout(resolve, 3500));
  const events = rowsOf<{ count: number }>(
    await database.db.execute(
      sql`select count(*)::int as count from order_events where order_id = ${orderId} and note = ${ORDER_EXPIRED_NOTE}`,
    ),
  )[0]?.count;
  const stock = await stockOf(database, product);
  check('the order is cancelled by the sweep', status === 'cancelled', status);
  check('its 2 units are released exactly once', stock === 5, `stock ${stock}`);
  check('one expiry event is recorded', events === 1, `${events} events`);
}

/** A signed-in owner of the store, made straight in the database. */
async function createOwner(database: Database) {
  const [owner] = await createBuyers(database, 1, new Date());
  if (!owner) throw new Error('No owner was made');
  const token = owner.headers.authorization.replace('Bearer ', '');
  const [session] = await database.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHashOf(token)));
  await database.db
    .update(users)
    .set({ role: 'admin', staffRole: 'owner' })
    .where(eq(users.id, session?.userId ?? -1));
  return owner;
}

/** The owner's settings apply at once on every instance, with no restart. */
async function settingsEverywhere(database: Database, instances: StoreInstance[]) {
  say('Step 3b: the owner changes the shipping fee on A; B quotes the new fee at once');
  const [a, b] = instances as [StoreInstance, StoreInstance];
  const owner = await createOwner(database);
  const feeOn = async (instance: StoreInstance) =>
    (await call(instance, 'GET', '/api/pincodes/shipping/110001?orderValue=200')).body.cost;
  const before = await feeOn(b);
  const current = await call(a, 'GET', '/api/admin/settings', { headers: owner.headers });
  const settings = current.body.settings as Record<string, unknown> | undefined;
  const changed = Number(settings?.shippingFee) + 15;
  const saved = await call(a, 'PUT', '/api/admin/settings', {
    headers: owner.headers,
    body: { ...settings, shippingFee: changed },
  });
  check('the owner saves a new shipping fee on A', saved.status === 200, `status ${saved.status}`);
  const after = await feeOn(b);
  check(
    'B quotes the new fee at once, having quoted the old one just before',
    before === changed - 15 && after === changed,
    `before ₹${before}, after ₹${after}, saved ₹${changed}`,
  );
  // The later steps' orders are priced with the configured fee.
  const restored = await call(a, 'PUT', '/api/admin/settings', { headers: owner.headers, body: settings });
  check(
    'the fee is put back',
    restored.status === 200 && (await feeOn(b)) === before,
    `status ${restored.status}`,
  );
}

/**
 * Decision 0074: each instance answers searches from postings in its own memory; a catalogue change
 * made on A is in B's search at once, and both answer every search alike.
 */
async function searchEverywhere(database: Database, instances: StoreInstance[]) {
  say("Step 3c: the owner renames a product on A; B's search finds it by its new name at once");
  const [a, b] = instances as [StoreInstance, StoreInstance];
  const owner = await createOwner(database);
  const product = await createTestProduct(database, { name: 'Brass Diya Set Renamed Later' });
  const searches = ['brass diya', 'diya set', 'zanzibr quokka'];
  const idsOn = async (instance: StoreInstance, search: string) =>
    (
      (await call(instance, 'GET', `/api/products?search=${encodeURIComponent(search)}`)).body.data as
        | { id: number }[]
        | undefined
    )?.map((found) => found.id) ?? [];
  // Each instance reads its postings on its first search; the SQL buckets answer meanwhile.
  for (const instance of instances) for (const search of searches) await idsOn(instance, search);
  const before = await idsOn(b, 'zanzibr quokka');
  const renamed = await call(a, 'PATCH', `/api/admin/products/${product.id}`, {
    headers: owner.headers,
    body: { name: 'Zanzibar Quokka Lantern' },
  });
  check('the owner renames a product on A', renamed.status === 200, `status ${renamed.status}`);
  const after = await idsOn(b, 'zanzibr quokka');
  check(
    "B's search finds it by its misspelt new name at once, having found nothing just before",
    before.length === 0 && after[0] === product.id,
    `before [${before.join(', ')}], after [${after.join(', ')}]`,
  );
  const differing: string[] = [];
  for (const search of searches)
    if (JSON.stringify(await idsOn(a, search)) !== JSON.stringify(await idsOn(b, search)))
      differing.push(search);
  check('A and B answer every search alike', differing.length === 0, differing.join(', '));
}

/**
 * A burst of orders across both instances, one of which is stopped with `signal` mid-burst;
 * clients that got no answer retry on the other with the same Idempotency-Key.
 */
async function stopDuringBurst(
  database: Database,
  [victim, survivor]: [StoreInstance, StoreInstance],
  signal: 'SIGKILL' | 'SIGTERM',
) {
  const count = 80;
  say(
    `Step ${signal === 'SIGKILL' ? 4 : 5}: a burst of ${count} orders across both instances; ${victim.name} gets ${signal} mid-burst`,
  );
  const product = await createTestProduct(database, { name: `Burst Kumkum Box ${signal}`, stock: 1000 });
  const buyers = await createBuyers(database, count, new Date());
  const requests = buyers.map((buyer, index) => ({
    buyer,
    key: randomUUID(),
    instance: index % 2 === 0 ? victim : survivor,
  }));
  let answered = 0;
  let killed: Promise<void> | null = null;
  const first = await Promise.all(
    requests.map(async (request) => {
      try {
        const answer = await call(request.instance, 'POST', '/api/payments/create-order', {
          headers: { ...request.buyer.headers, 'idempotency-key': request.key },
          body: orderBody([{ product, quantity: 1 }]),
        });
        return answer;
      } catch (error) {
        return {
          status: `network error (${(error as Error).cause ?? (error as Error).message})`,
          body: {} as Record<string, unknown>,
        };
      } finally {
        answered += 1;
        if (answered === 15 && !killed) {
          say(`${answered} answers in: ${signal} ${victim.name} (pid ${victim.child.pid})`);
          killed = stopInstance(victim, signal);
        }
      }
    }),
  );
  await killed;
  say(
    `first attempts: ${tally(first.map((answer) => (typeof answer.status === 'number' ? answer.status : 'network error')))}`,
  );
  if (signal === 'SIGKILL') {
    check(
      `${victim.name} was killed mid-burst (some requests got no answer)`,
      first.some((answer) => typeof answer.status !== 'number'),
    );
  } else {
    // A graceful stop finishes the requests in flight and the job run in progress, then exits 0
    // (1 would mean the 10-second limit cut it short).
    check(
      `${victim.name} drained and exited 0 on SIGTERM`,
      victim.child.exitCode === 0,
      `exit ${victim.child.exitCode}`,
    );
  }
  check('the survivor still reports ready', (await call(survivor, 'GET', '/api/ready')).status === 200);

  // A client that got no answer retries with the same Idempotency-Key, now on the survivor; told
  // the store is busy (503 with Retry-After: its pool had no free connection within 800 ms, decision
  // 0053), it waits as told and asks again, up to 3 times: the proof is that no order is lost or
  // doubled, and a busy answer is the store saying so, not losing one.
  let busyAnswers = 0;
  const final = await Promise.all(
    requests.map(async (request, index) => {
      let answer: Answer | (typeof first)[number] = first[index]!;
      for (let attempt = 0; answer.status !== 200 && attempt < 4; attempt += 1) {
        if (answer.status === 503 && attempt > 0) {
          busyAnswers += 1;
          const wait = 'retryAfterSeconds' in answer ? answer.retryAfterSeconds : undefined;
          await delay(Math.min(wait ?? 1, 10) * 1000);
        } else if (attempt > 0) break;
        answer = await call(survivor, 'POST', '/api/payments/create-order', {
          headers: { ...request.buyer.headers, 'idempotency-key': request.key },
          body: orderBody([{ product, quantity: 1 }]),
        });
      }
      return answer;
    }),
  );
  if (busyAnswers > 0)
    say(`${busyAnswers} retries on ${survivor.name} were told to wait (503 with Retry-After)`);
  say(`after retries on ${survivor.name}: ${tally(final.map((answer) => answer.status))}`);
  check(
    `every buyer has an order after retrying on ${survivor.name}`,
    final.every((answer) => answer.status === 200),
  );
  const acknowledged = new Set(final.map((answer) => String(answer.body.orderId)));
  const rows = await ordersOf(database, product);
  const stock = await stockOf(database, product);
  check(
    'no acknowledged order is lost',
    [...acknowledged].every((id) => rows.some((row) => row.id === id)),
    `${acknowledged.size} acknowledged, ${rows.length} in the database`,
  );
  check(
    'no order is duplicated or half-written (one order per buyer, each with its line and reservation)',
    rows.length === count &&
      new Set(rows.map((row) => row.user_id)).size === count &&
      rows.every((row) => row.lines === 1 && row.reserved === 1),
  );
  check('stock matches the orders exactly', stock === 1000 - count, `stock ${stock}`);
}

async function main() {
  const server = await createServerDatabase(serverUrl);
  const databaseUrl = server.url;
  say(`Created database ${new URL(databaseUrl).pathname.slice(1)}; migrating it`);
  const database = await openDatabase({ url: databaseUrl });
  const dataDirs: string[] = [];
  const instances: StoreInstance[] = [];
  try {
    await database.migrate();
    await seedPincodes(database);
    say(`Starting instances A and B on ${databaseUrl} and ${redisUrl} (keys under ${redisPrefix})`);
    const env = (name: string) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `prove-${name}-`));
      dataDirs.push(dataDir);
      return {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: redisPrefix,
        DATA_DIR: dataDir,
        SEED_ON_START: 'false',
        SANDBOX_KEY_SECRET: sandboxKeySecret,
        SANDBOX_WEBHOOK_SECRET: `${sandboxKeySecret}-webhook`,
        EXPIRY_SWEEP_SECONDS: '1',
        // The bursts place 80 orders from this one address: the proof is of two instances
        // sharing one stock, not of the day's allowance per address (decision 0054), which
        // message-rules.test.ts proves.
        ORDERS_PER_DAY: '1000',
      };
    };
    instances.push(...(await Promise.all([startInstance('A', env('a')), startInstance('B', env('b'))])));
    say(`A on port ${instances[0]!.port}, B on port ${instances[1]!.port}`);

    await lastUnits(database, instances);
    await loginLimit(instances);
    await expiry(database, instances);
    await settingsEverywhere(database, instances);
    await searchEverywhere(database, instances);
    await stopDuringBurst(database, [instances[0]!, instances[1]!], 'SIGKILL');
    say('Starting A again on a new port');
    instances.push(await startInstance('A', env('a-again')));
    await stopDuringBurst(database, [instances[1]!, instances[2]!], 'SIGTERM');
  } catch (error) {
    check('the proof ran to the end', false, error instanceof Error ? error.message : String(error));
  } finally {
    await releaseScratch({
      instances,
      database,
      server,
      redis: { url: redisUrl, prefix: redisPrefix },
      dataDirs,
    });
  }

  const failed = results.filter((result) => !result.ok).length;
  say(`Scale-out proof finished in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`);
  process.exit(failed > 0 ? 1 : 0);
}

await main();
