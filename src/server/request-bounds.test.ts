import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../shared/api/admin';
import { PERSONALISATION_PHOTO_MAX_BYTES } from '../shared/personalisation-rules';
import type { Database } from './db/client';
import { COURIER_BODY_LIMIT } from './modules/courier-providers';
import { multipartFile, registeredRoutes } from './testing/admin-fixtures';
import { registerTestAdmin } from './testing/test-accounts';
import { createTestApp } from './testing/test-app';
import { createTestDatabase } from './testing/test-database';

// Finding 1: every string a request may carry has a maximum length, every list a maximum
// count and every record a maximum number of entries, so no request can store or render megabytes.
// Fastify keeps a route's schema to itself; the Zod validator compiler is handed each one (with
// the route's method, URL and part) when the app gets ready, so the test listens there. It only
// listens: the compiler it passes the schema on to is the real one.
const compiledSchemas = vi.hoisted(
  () => [] as { method: string; url: string; httpPart?: string | undefined; schema: unknown }[],
);
vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify-type-provider-zod')>();
  return {
    ...original,
    validatorCompiler: (route: Parameters<typeof original.validatorCompiler>[0]) => {
      compiledSchemas.push(route);
      return original.validatorCompiler(route);
    },
  };
});

/**
 * Routes that take a body without a Zod schema for it: what they take and the most bytes they
 * read. Every other POST, PUT, PATCH or DELETE route has a body schema, or reads no body.
 */
const BODIES_WITHOUT_A_SCHEMA: Record<string, { takes: string; maxBytes: number; json?: true }> = {
  'POST /api/admin/product-images': {
    takes: 'one image file for a product not saved yet, multipart (admin/routes.ts)',
    maxBytes: MAX_IMAGE_BYTES,
  },
  'POST /api/admin/products/:id/image': {
    takes: 'one image file, multipart (@fastify/multipart limits in admin/routes.ts)',
    maxBytes: MAX_IMAGE_BYTES,
  },
  'POST /api/personalisation/photos': {
    takes: 'one photo file, multipart (@fastify/multipart limits in personalisation/routes.ts)',
    maxBytes: PERSONALISATION_PHOTO_MAX_BYTES,
  },
  'POST /api/returns/:id/photos': {
    takes: 'one photo file, multipart (@fastify/multipart limits in returns/routes.ts)',
    maxBytes: MAX_IMAGE_BYTES,
  },
  'POST /api/gift-links/:token/thanks/photo': {
    takes: "a thank-you's one photo file, multipart (@fastify/multipart limits in gift-links/routes.ts)",
    maxBytes: MAX_IMAGE_BYTES,
  },
  'POST /api/payments/webhook': {
    takes: 'the raw bytes the provider signed (WEBHOOK_BODY_LIMIT in payments/routes.ts)',
    maxBytes: 256 * 1024,
  },
  'POST /api/messaging/whatsapp/webhook': {
    takes: 'the raw bytes Meta signed (WHATSAPP_WEBHOOK_BODY_LIMIT in messaging/routes.ts)',
    maxBytes: 256 * 1024,
  },
  'POST /api/shipping/webhook': {
    takes:
      "a courier's tracking scan, checked by the shipping service once its token is (COURIER_BODY_LIMIT)",
    maxBytes: COURIER_BODY_LIMIT,
    json: true,
  },
};

/** Routes with a body-carrying method that read no body (any sent is held to the app's 1 MB). */
const NO_BODY = new Set([
  'POST /api/auth/logout',
  'PUT /api/addresses/:id/default',
  'DELETE /api/addresses/:id',
  'DELETE /api/wishlists',
  'DELETE /api/wishlists/:productId',
  'POST /api/orders/:id/payment',
  'POST /api/orders/:id/cancel',
  'POST /api/gift-links/:token/decline',
  'POST /api/group-gifts/:token/close',
  'POST /api/orders/:id/gift-link/refund',
  'DELETE /api/admin/orders/:id/shipment',
  'DELETE /api/admin/orders/:id/items/:lineId',
  'DELETE /api/admin/staff/invites/:id',
  'DELETE /api/stock-alerts/:productId',
  'POST /api/account/email/:token',
  'POST /api/admin/orders/:id/returned-parcel/check-in',
  'POST /api/admin/orders/:id/returned-parcel/refund',
  'DELETE /api/admin/collections/:id',
  'DELETE /api/admin/delivery-slots/:id',
  'POST /api/admin/coupons/:id/retire',
  'POST /api/admin/dispatch-jobs/:id/resume',
]);

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type ZodSchema = z.core.$ZodType;
/** A check's definition: a built-in check, or a refinement (a custom check). */
type CheckDef = z.core.$ZodChecks['_zod']['def'] | z.core.$ZodCustomDef;

/** The largest length a string or list may have by its own checks, or undefined without one. */
function maximumOf(schema: ZodSchema): number | undefined {
  let maximum: number | undefined;
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def as CheckDef;
    const limit =
      def.check === 'max_length' ? def.maximum : def.check === 'length_equals' ? def.length : undefined;
    if (limit !== undefined) maximum = Math.min(limit, maximum ?? Number.POSITIVE_INFINITY);
  }
  return maximum;
}

/**
 * A record has no length check of its own; its entry count is bounded by a refinement that says
 * its limit in its params, `{ params: { maxEntries } }` (see PersonalisationValues).
 */
function maxEntriesOf(schema: ZodSchema): number | undefined {
  return refinementLimit(schema, 'maxEntries');
}

/** A refinement's stated limit, `{ params: { [name]: limit } }`, or undefined without one. */
function refinementLimit(schema: ZodSchema, name: 'maxEntries' | 'maxBytes'): number | undefined {
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def as CheckDef;
    const limit = def.check === 'custom' ? def.params?.[name] : undefined;
    if (typeof limit === 'number') return limit;
  }
  return undefined;
}

/**
 * Where a request schema lets an unbounded string, list or record through, as paths with a
 * reason. Objects' unknown keys are only passed over in headers, which Node caps at 16 KB.
 */
function unboundedParts(schema: ZodSchema, path: string, inHeaders = false): string[] {
  const def = schema._zod.def as z.core.$ZodTypes['_zod']['def'];
  const at = path || '(root)';
  switch (def.type) {
    case 'string':
    case 'template_literal':
      return maximumOf(schema) === undefined ? [`${at}: string without a maximum length`] : [];
    case 'array':
    case 'set':
      return [
        ...(maximumOf(schema) === undefined ? [`${at}: ${def.type} without a maximum count`] : []),
        ...unboundedParts(def.type === 'array' ? def.element : def.valueType, `${path}[]`, inHeaders),
      ];
    case 'record':
      return [
        ...(maxEntriesOf(schema) === undefined ? [`${at}: record without a maximum number of entries`] : []),
        ...unboundedParts(def.keyType, `${path}{key}`, inHeaders),
        ...unboundedParts(def.valueType, `${path}{}`, inHeaders),
      ];
    case 'map':
      return [`${at}: map (JSON has none; take a bounded list instead)`];
    case 'object':
      return [
        ...Object.entries(def.shape).flatMap(([key, value]) =>
          unboundedParts(value, path ? `${path}.${key}` : key, inHeaders),
        ),
        ...(def.catchall && !inHeaders
          ? unboundedParts(def.catchall, `${path}{unknown keys}`, inHeaders)
          : []),
      ];
    case 'union':
      return def.options.flatMap((option) => unboundedParts(option, path, inHeaders));
    case 'intersection':
      return [...unboundedParts(def.left, path, inHeaders), ...unboundedParts(def.right, path, inHeaders)];
    case 'tuple':
      return [
        ...def.items.flatMap((item, index) => unboundedParts(item, `${path}[${index}]`, inHeaders)),
        ...(def.rest ? unboundedParts(def.rest, `${path}[…]`, inHeaders) : []),
      ];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
      return unboundedParts(def.innerType, path, inHeaders);
    case 'pipe':
      // What arrives is checked by the input side; a preprocess (a transform first) hands the raw
      // value to the output side.
      return unboundedParts(def.in._zod.def.type === 'transform' ? def.out : def.in, path, inHeaders);
    case 'lazy':
      return unboundedParts(def.getter(), path, inHeaders);
    case 'number':
    case 'bigint':
    case 'boolean':
    case 'date':
    case 'enum':
    case 'literal':
    case 'null':
    case 'undefined':
    case 'void':
    case 'never':
    case 'nan':
    case 'symbol':
      return [];
    case 'custom':
      // A binary body (a zip as a Buffer) is bounded by a refinement that says its size limit,
      // `{ params: { maxBytes } }`, as the parser's bodyLimit enforces it.
      return refinementLimit(schema, 'maxBytes') === undefined ? [`${at}: custom accepts anything`] : [];
    default:
      // any, unknown, transform, file, promise, function: nothing bounds what they accept.
      return [`${at}: ${def.type} accepts anything`];
  }
}

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, { env: { BACKGROUND_JOBS: 'false' } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const isZodSchema = (schema: unknown): schema is ZodSchema =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

describe('request schemas: every input bounded', () => {
  it('hears the schemas of the routes in the route table', () => {
    const routes = new Set(registeredRoutes(app).map((route) => `${route.method} ${route.url}`));
    const heard = compiledSchemas.map((route) => `${route.method} ${route.url}`);
    expect(heard).toEqual(
      expect.arrayContaining([
        'POST /api/payments/create-order',
        'POST /api/admin/quotes',
        'GET /api/products',
        'POST /api/addresses',
      ]),
    );
    for (const route of heard) expect(routes).toContain(route);
  });

  it('bounds every string, list and record of every body, querystring, params and headers schema', () => {
    const unbounded = compiledSchemas.flatMap(({ method, url, httpPart, schema }) => {
      const where = `${method} ${url} ${httpPart}`;
      if (!isZodSchema(schema)) return [`${where}: not a Zod schema`];
      return unboundedParts(schema, '', httpPart === 'headers').map((part) => `${where} ${part}`);
    });
    expect(unbounded).toEqual([]);
  });

  it('gives every route that takes a body a bounded schema for it, or a listed limit', () => {
    const withBodySchema = new Set(
      compiledSchemas
        .filter((route) => route.httpPart === 'body')
        .map((route) => `${route.method} ${route.url}`),
    );
    const withBodyMethod = registeredRoutes(app)
      .filter((route) => BODY_METHODS.has(route.method))
      .map((route) => `${route.method} ${route.url}`);
    const listed = [...Object.keys(BODIES_WITHOUT_A_SCHEMA), ...NO_BODY];
    expect(withBodyMethod.filter((route) => !withBodySchema.has(route) && !listed.includes(route))).toEqual(
      [],
    );
    // A listed route that went away or gained a body schema comes off the lists.
    expect(listed.filter((route) => !withBodyMethod.includes(route) || withBodySchema.has(route))).toEqual(
      [],
    );
  });

  it('refuses a body past its limit, with a message, on each route that takes one without a schema', async () => {
    const admin = await registerTestAdmin(app, database);
    const category = await app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: admin.headers,
      payload: { name: 'Diyas' },
    });
    const product = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.headers,
      payload: { name: 'Brass Diya', price: 249, mrp: 299, categoryId: category.json().category.id },
    });
    const productId = String(product.json().product.id);
    const answers = [];
    for (const [route, { maxBytes, json }] of Object.entries(BODIES_WITHOUT_A_SCHEMA)) {
      const [method, url] = route.split(' ') as ['POST', string];
      const tooBig = Buffer.alloc(maxBytes + 1, 1);
      const body =
        url.endsWith('/webhook') || json
          ? { payload: tooBig, headers: { 'content-type': 'application/json' } }
          : multipartFile(tooBig, 'big.jpg', 'image/jpeg', admin.headers);
      // The image goes to a real product; a return need not exist, as its upload is read first.
      const response = await app.inject({ method, url: url.replace(':id', productId), ...body });
      answers.push({ route, status: response.statusCode, message: typeof response.json().message });
    }
    expect(answers).toEqual(
      Object.keys(BODIES_WITHOUT_A_SCHEMA).map((route) => ({ route, status: 413, message: 'string' })),
    );
  });
});

describe('the walk through a schema', () => {
  const short = z.string().max(10);

  it('finds a string, a list or a record without a maximum, wherever it is wrapped', () => {
    const schema = z.object({
      name: z.string().trim().optional(),
      note: z.string().nullable().default(null),
      tags: z.array(short),
      lines: z.array(z.object({ text: z.string().transform((text) => text.trim()) })).max(5),
      texts: z.record(short, short),
      either: z.union([short, z.tuple([short, z.string()])]),
      tidied: z.preprocess((value) => value, z.string()),
      extra: z.looseObject({ code: short }),
      anything: z.unknown(),
    });
    expect(unboundedParts(schema, '')).toEqual([
      'name: string without a maximum length',
      'note: string without a maximum length',
      'tags: array without a maximum count',
      'lines[].text: string without a maximum length',
      'texts: record without a maximum number of entries',
      'either[1]: string without a maximum length',
      'tidied: string without a maximum length',
      'extra{unknown keys}: unknown accepts anything',
      'anything: unknown accepts anything',
    ]);
  });

  it('passes bounded strings, lists and records, and the types that are bounded by nature', () => {
    const schema = z.object({
      name: z.string().trim().min(1).max(100).optional(),
      pincode: z.string().length(6),
      tags: z.array(short).max(30).default([]),
      tidied: short.transform((text) => text.trim()).pipe(z.string().min(1)),
      texts: z.record(short, short).refine((texts) => Object.keys(texts).length <= 5, {
        params: { maxEntries: 5 },
      }),
      id: z.coerce.number().int(),
      kind: z.enum(['a', 'b']),
      on: z.boolean(),
    });
    expect(unboundedParts(schema, '')).toEqual([]);
  });

  it("lets an object's unknown keys through in headers only", () => {
    const headers = z.looseObject({ 'idempotency-key': short.optional() });
    expect(unboundedParts(headers, '', true)).toEqual([]);
    expect(unboundedParts(headers, '')).toEqual(['{unknown keys}: unknown accepts anything']);
  });
});
