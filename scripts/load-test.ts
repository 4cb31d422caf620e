// `npm run load-test`: a scripted shopper journey against one and then two instances on one
// PostgreSQL and Redis, at rising concurrency, with the bare route (/api/health) measured in the
// same run as a baseline. Each autocannon connection is a shopper who loops through: browse,
// search, product, pincode check, shipping quote, register, create order, verify the payment with
// the sandbox signature. Results go to stdout and, unless --no-write, into docs/performance.md
// (the "Scale-out load test" section, rewritten; other sections are left alone).
//
//   npm run load-test -- [--levels 4,16,48] [--duration 10] [--no-write]
// Settings: PROVE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) to create a
// scratch database on, REDIS_URL (default redis://127.0.0.1:6379). Only loopback is targeted.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../src/server/db/client';
import { seedDatabase } from '../src/server/db/seed/index';
import { paymentSignature } from '../src/server/modules/payment-providers';
import { orderBody } from '../src/server/testing/order-fixtures';
import { createServerDatabase } from '../src/server/testing/server-database';
import { MAX_QUANTITY } from '../src/shared/cart-rules';
import { toRupees } from '../src/shared/money';
import { releaseScratch, root, type StoreInstance, startInstance, stopInstance } from './store-process';

const { values: args } = parseArgs({
  options: {
    levels: { type: 'string', default: '4,16,48' },
    duration: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
  },
});
const levels = args.levels.split(',').map(Number);
const duration = Number(args.duration);
const serverUrl = process.env.PROVE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = randomBytes(4).toString('hex');
const redisPrefix = `load:${runId}:`;
const sandboxKeySecret = randomBytes(24).toString('hex');

const STEPS = [
  'browse',
  'search',
  'product',
  'pincode check',
  'shipping quote',
  'register',
  'create order',
  'verify payment',
] as const;
type Step = (typeof STEPS)[number];
type Product = { id: number; name: string; pricePaise: number; minQuantity: number; categoryId: number };

function say(message: string) {
  process.stderr.write(`${message}\n`);
}

/** Per-step latencies (ms) and failures, filled by the journey's hooks. */
function createRecorder() {
  const latencies = new Map<Step, number[]>(STEPS.map((step) => [step, []]));
  const failures = new Map<Step, number>(STEPS.map((step) => [step, 0]));
  /** "step: status message" of each failed answer, counted. */
  const reasons = new Map<string, number>();
  return {
    record(step: Step, ms: number, status: number, body: string) {
      latencies.get(step)!.push(ms);
      if (status >= 200 && status < 400) return;
      failures.set(step, failures.get(step)! + 1);
      let message = '';
      try {
        message = String((JSON.parse(body) as { message?: unknown }).message ?? '');
      } catch {
        message = body.slice(0, 80);
      }
      const reason = `${step}: ${status} ${message}`.trim();
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    },
    latencies,
    failures,
    reasons,
  };
}
type Recorder = ReturnType<typeof createRecorder>;

type Context = {
  startedAt?: number;
  product?: Product;
  token?: string;
  orderId?: string;
  providerOrderId?: string;
};

let shopperCount = 0;
/** One shopper's journey as autocannon requests; `context` lives for one pass of the journey. */
function journey(catalogue: Product[], recorder: Recorder): autocannon.Request[] {
  const timed = (
    step: Step,
    setup: (request: autocannon.Request, context: Context) => autocannon.Request | undefined,
    onAnswer?: (body: Record<string, unknown>, context: Context) => void,
  ): autocannon.Request => ({
    setupRequest: (request, rawContext) => {
      const context = rawContext as Context;
      const built = setup(request, context);
      context.startedAt = performance.now();
      return built as autocannon.Request;
    },
    onResponse: (status, body, rawContext) => {
      const context = rawContext as Context;
      const ok = status >= 200 && status < 400;
      recorder.record(step, performance.now() - (context.startedAt ?? performance.now()), status, body);
      if (ok && onAnswer) {
        try {
          onAnswer(JSON.parse(body) as Record<string, unknown>, context);
        } catch {
          // A body that is not JSON leaves the context as it was; the next step skips.
        }
      }
    },
  });
  const json = { 'content-type': 'application/json' };
  return [
    timed('browse', (request, context) => {
      context.product = catalogue[Math.floor(Math.random() * catalogue.length)];
      return { ...request, method: 'GET', path: `/api/products?page=${1 + Math.floor(Math.random() * 5)}` };
    }),
    timed('search', (request) => ({ ...request, method: 'GET', path: '/api/products?search=diya' })),
    timed('product', (request, context) => ({
      ...request,
      method: 'GET',
      path: `/api/products/${context.product!.id}`,
    })),
    timed('pincode check', (request) => ({ ...request, method: 'GET', path: '/api/pincodes/check/110001' })),
    timed('shipping quote', (request, context) => ({
      ...request,
      method: 'GET',
      path: `/api/pincodes/shipping/110001?orderValue=${toRupees(context.product!.pricePaise * context.product!.minQuantity)}`,
    })),
    timed(
      'register',
      (request) => {
        shopperCount += 1;
        const handle = `load${runId}${shopperCount}`;
        return {
          ...request,
          method: 'POST',
          path: '/api/auth/register',
          // Each shopper comes from an address of its own (the store trusts the proxy header here),
          // as real shoppers do; otherwise the sign-up limit per IP would stop the test.
          headers: {
            ...json,
            'x-forwarded-for': `198.18.${(shopperCount >> 8) & 255}.${shopperCount & 255}`,
          },
          body: JSON.stringify({
            email: `${handle}@example.com`,
            password: 'load-test-1',
            username: handle,
            fullName: 'Load Shopper',
            adult: true,
          }),
        };
      },
      (body, context) => {
        context.token = typeof body.token === 'string' ? body.token : undefined;
      },
    ),
    timed(
      'create order',
      (request, context) => {
        if (!context.token) return undefined;
        const product = context.product!;
        return {
          ...request,
          method: 'POST',
          path: '/api/payments/create-order',
          headers: { ...json, authorization: `Bearer ${context.token}` },
          body: JSON.stringify(orderBody([{ product, quantity: product.minQuantity }])),
        };
      },
      (body, context) => {
        context.orderId = String(body.orderId);
        context.providerOrderId = String((body.order as { id?: string } | undefined)?.id);
      },
    ),
    timed('verify payment', (request, context) => {
      if (!context.orderId || !context.providerOrderId) return undefined;
      const paymentId = `pay_${randomBytes(7).toString('hex')}`;
      return {
        ...request,
        method: 'POST',
        path: '/api/payments/verify-payment',
        headers: { ...json, authorization: `Bearer ${context.token}` },
        body: JSON.stringify({
          orderId: context.orderId,
          razorpay_order_id: context.providerOrderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: paymentSignature(sandboxKeySecret, context.providerOrderId, paymentId),
        }),
      };
    }),
  ];
}

type Run = { reqPerSec: number; errors: number; non2xx: number; p50: number; p99: number };

/** Autocannon against each instance at once, the connections split between them. */
async function cannon(
  instances: StoreInstance[],
  connections: number,
  options: { path?: string; requests?: autocannon.Request[]; seconds?: number },
) {
  const seconds = options.seconds ?? duration;
  const results = await Promise.all(
    instances.map((instance, index) =>
      autocannon({
        url: `${instance.baseUrl}${options.path ?? ''}`,
        connections: Math.max(
          1,
          Math.floor(connections / instances.length) + (index < connections % instances.length ? 1 : 0),
        ),
        duration: seconds,
        ...(options.requests ? { requests: options.requests } : {}),
      }),
    ),
  );
  return {
    reqPerSec: results.reduce((sum, result) => sum + result.requests.total / seconds, 0),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    // Latency percentiles of a bare route: the worse instance's (autocannon keeps no raw samples).
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
  } satisfies Run;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

type LevelResult = {
  instances: number;
  connections: number;
  baseline: Run;
  journeys: number;
  requests: Run;
  steps: { step: Step; count: number; p50: number; p99: number; failed: number }[];
  failedAnswers: string[];
};

async function measureLevel(instances: StoreInstance[], connections: number, catalogue: Product[]) {
  const baseline = await cannon(instances, connections, { path: '/api/health' });
  const recorder = createRecorder();
  const requests = await cannon(instances, connections, { requests: journey(catalogue, recorder) });
  const steps = STEPS.map((step) => {
    const values = recorder.latencies.get(step)!;
    return {
      step,
      count: values.length,
      p50: percentile(values, 50),
      p99: percentile(values, 99),
      failed: recorder.failures.get(step)!,
    };
  });
  const journeys = steps.at(-1)!.count;
  return {
    instances: instances.length,
    connections,
    baseline,
    journeys,
    requests,
    steps,
    failedAnswers: [...recorder.reasons].map(([reason, count]) => `${count}× ${reason}`),
  } satisfies LevelResult;
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0));

/**
 * The section this script owns in docs/performance.md: it replaces everything from this heading to
 * the next `## ` heading, so the section stays last or is followed by one.
 */
const LOAD_TEST_HEADING = '## Scale-out load test';

function report(results: LevelResult[], facts: string[], loadAverage: string): string {
  const lines = [
    LOAD_TEST_HEADING,
    '',
    `Measured by \`npm run load-test\` on ${new Date().toISOString().slice(0, 10)}: ${facts.join('; ')}; load average ${loadAverage}.`,
    'Each connection loops through the journey; two instances split the connections (no proxy) and',
    "compete for the same 2 cores: compare a row's journey with its own baseline (`/api/health` just",
    'before), not across rows. `register` dominates (scrypt is slow on purpose). `errors`: autocannon',
    'gave up (10 s); `non-2xx`: listed under the tables.',
    '',
    '| instances | connections | baseline req/s | baseline p99 ms | journey req/s | journeys/s | errors | non-2xx |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (result) =>
        `| ${result.instances} | ${result.connections} | ${result.baseline.reqPerSec.toFixed(0)} | ${ms(result.baseline.p99)} | ${result.requests.reqPerSec.toFixed(0)} | ${(result.journeys / duration).toFixed(1)} | ${result.requests.errors} | ${result.requests.non2xx} |`,
    ),
    '',
    'Per step, p50 / p99 in milliseconds (failed answers in brackets when any):',
    '',
    `| instances | connections | ${STEPS.join(' | ')} |`,
    `|---|---|${STEPS.map(() => '---').join('|')}|`,
    ...results.map(
      (result) =>
        `| ${result.instances} | ${result.connections} | ${result.steps
          .map((step) => `${ms(step.p50)} / ${ms(step.p99)}${step.failed ? ` (${step.failed} failed)` : ''}`)
          .join(' | ')} |`,
    ),
    '',
    ...results.flatMap((result) =>
      result.failedAnswers.length > 0
        ? [
            `- ${result.instances} instance(s), ${result.connections} connections: ${result.failedAnswers.join('; ')}`,
          ]
        : [],
    ),
    '',
  ];
  return lines.join('\n');
}

function writeSection(section: string) {
  const file = path.join(root, 'docs', 'performance.md');
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(LOAD_TEST_HEADING);
  let next = start < 0 ? -1 : text.indexOf('\n## ', start + 1);
  if (next >= 0) next += 1;
  const updated =
    start < 0
      ? `${text.trimEnd()}\n\n${section}`
      : `${text.slice(0, start)}${section}${next >= 0 ? `\n${text.slice(next)}` : ''}`;
  fs.writeFileSync(file, updated.endsWith('\n') ? updated : `${updated}\n`);
}

async function main() {
  const server = await createServerDatabase(serverUrl);
  const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'load-seed-'));
  const dataDirs = [seedDir];
  let instances: StoreInstance[] = [];
  const database = await openDatabase({ url: server.url });
  try {
    say('Migrating and seeding a scratch PostgreSQL database...');
    await database.migrate();
    await seedDatabase(database, { dataDir: seedDir });
    // Plenty of stock on the products shoppers buy, so no journey ends in "sold out".
    const catalogue = rowsOf<Product>(
      await database.db.execute(sql`
        update products set stock = 1000000
         where id in (select id from products where archived = false and stock > 0 and allow_pre_order = false
                         and min_quantity <= ${MAX_QUANTITY} order by id limit 40)
        returning id, name, price_paise as "pricePaise", min_quantity as "minQuantity", category_id as "categoryId"`),
    );
    if (catalogue.length === 0) throw new Error('The seed produced no product to buy');

    const env = (name: string) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `load-${name}-`));
      dataDirs.push(dataDir);
      return {
        DATABASE_URL: server.url,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: redisPrefix,
        DATA_DIR: dataDir,
        TRUST_PROXY: 'true',
        SANDBOX_KEY_SECRET: sandboxKeySecret,
        SANDBOX_WEBHOOK_SECRET: `${sandboxKeySecret}-webhook`,
      };
    };
    const results: LevelResult[] = [];
    for (const count of [1, 2]) {
      say(`Starting ${count} instance(s)...`);
      instances = await Promise.all(
        Array.from({ length: count }, (_, index) => startInstance(`#${index + 1}`, env(`i${index + 1}`))),
      );
      // Warm-up (compiles hot paths, fills caches and pools); not recorded.
      await cannon(instances, 2 * count, { requests: journey(catalogue, createRecorder()), seconds: 3 });
      for (const connections of levels) {
        say(`${count} instance(s), ${connections} connections: baseline and journey, ${duration} s each...`);
        const result = await measureLevel(instances, connections, catalogue);
        say(
          `  baseline ${result.baseline.reqPerSec.toFixed(0)} req/s; journey ${result.requests.reqPerSec.toFixed(0)} req/s, ${(result.journeys / duration).toFixed(1)} journeys/s, ${result.requests.errors} errors, ${result.requests.non2xx} non-2xx`,
        );
        results.push(result);
      }
      await Promise.all(instances.map((instance) => stopInstance(instance)));
      instances = [];
    }

    const facts = [
      `PostgreSQL ${rowsOf<{ v: string }>(await database.db.execute(sql`select current_setting('server_version') as v`))[0]?.v ?? '?'} and Redis on loopback`,
      `${catalogue.length} products bought from a seeded catalogue`,
      `Node ${process.version}`,
      `${os.cpus().length} cores`,
      `${duration} s per measurement`,
    ];
    const section = report(
      results,
      facts,
      os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(', '),
    );
    process.stdout.write(`${section}\n`);
    if (!args['no-write']) {
      writeSection(section);
      say('Written to docs/performance.md');
    }
  } finally {
    await releaseScratch({
      instances,
      database,
      server,
      redis: { url: redisUrl, prefix: redisPrefix },
      dataDirs,
    });
  }
}

await main();
