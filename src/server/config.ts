import path from 'node:path';
import { z } from 'zod';
import { isValidGstin } from '../shared/gstin';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const pincode = z.string().regex(/^\d{6}$/, 'must be a six-digit pincode');

// A phone number as people write it: digits with spaces or dashes, optionally after +. The `tel:`
// link keeps only the + and the digits (src/shared/store-links.ts).
const phoneNumber = z.string().regex(/^\+?\d[\d -]{6,18}\d$/, 'must be a phone number like +91 80 4567 8900');

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/**
 * Every environment variable the store reads, with its default. Parsed once at start; a bad value
 * stops the process with a one-line message naming the variable (see formatConfigError).
 */
export const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  SEED_ON_START: booleanFlag.default(true),

  STORE_NAME: z.string().min(1).default('Utsav Gifts'),
  STORE_TAGLINE: z.string().min(1).default('Return gifts and presents for every Indian celebration'),
  SUPPORT_EMAIL: z.email().default('hello@utsavgifts.in'),
  INSTAGRAM_HANDLE: z
    .string()
    .regex(/^[A-Za-z0-9._]{1,30}$/, 'must be an Instagram handle without @')
    .default('utsavgifts'),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^91\d{10}$/, 'must be 91 followed by a 10-digit mobile number')
    .default('919876543210'),
  SAME_DAY_CITY: z.string().min(1).default('Bengaluru'),

  ORIGIN_PINCODE: pincode.default('560001'),
  NEXT_DAY_RADIUS_KM: z.coerce.number().positive().default(350),
  BLOCKED_PINCODE_PREFIXES: commaList.default([]),
  FREE_SHIPPING_FROM_RUPEES: z.coerce.number().int().min(0).default(1000),
  SHIPPING_FEE_RUPEES: z.coerce.number().int().min(0).default(50),
  // Issue 13: the extra charge for the midnight slot (23:00-23:59) at same-day pincodes.
  MIDNIGHT_SLOT_FEE_RUPEES: z.coerce.number().int().min(0).default(199),

  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')
    .optional(),

  // Payments (DESIGN 4, issue 21): `razorpay` takes real payments and needs both keys; `sandbox`
  // simulates them. Unset: Razorpay when both keys are set, else the sandbox (a fresh clone).
  PAYMENTS: z.enum(['sandbox', 'razorpay']).optional(),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  SANDBOX_KEY_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ORDER_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  // Fair stock: orders one account may hold waiting for payment at a time (each reserves stock).
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(100).default(3),
  // Mail (DESIGN 4): SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // Issue 26: where the owner hears of new paid orders, return requests and bulk enquiries
  // (default: the customer-care address), and how: each at once, or an hourly or daily digest.
  OWNER_NOTIFY_EMAIL: z.email().optional(),
  OWNER_NOTIFY: z.enum(['immediate', 'hourly', 'daily']).default('immediate'),
  // Issue 26: a negotiated quote price may be at most this many percent below the list price.
  QUOTE_MAX_DISCOUNT_PERCENT: z.coerce.number().int().min(0).max(90).default(20),
  // The order expiry sweep and the mail worker; tests turn them off and call them directly.
  BACKGROUND_JOBS: booleanFlag.default(true),
  // How often each instance looks for overdue unpaid orders and stuck webhooks.
  EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),

  // Scale-out (DESIGN 1, docs/operations.md): shared counters in Redis when set, else the database.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  // Starts every key this store writes to Redis, so several stores (or tests) can share one.
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be letters, digits, _ : . or -')
    .default('utsav:'),
  // GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset = 404.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Uploaded product images: a folder in DATA_DIR (default) or an S3-compatible bucket.
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('ap-south-1'),
  // For S3-compatible services (MinIO, R2, Spaces); unset = AWS itself.
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Path-style addressing (bucket in the path), which most S3-compatible services need.
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),

  // GST tax invoices (issue 14): the seller as registered. CGST + SGST when the delivery state is
  // STORE_STATE (a state name as India Post writes it), IGST otherwise.
  STORE_LEGAL_NAME: z.string().min(1).default('Utsav Gifts Private Limited'),
  STORE_ADDRESS: z.string().min(1).default('12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001'),
  STORE_STATE: z.string().min(1).default('Karnataka'),
  // A GSTIN with a wrong check character would print an invoice no tax office accepts.
  STORE_GSTIN: z
    .string()
    .refine(isValidGstin, 'must be a valid 15-character GSTIN like 29ABCDE1234F1ZW')
    .default('29ABCDE1234F1ZW'),
  // Issue 25: the Consumer Protection (E-Commerce) Rules, 2020 ask the seller to show how customers
  // reach it and who its Grievance Officer is (the Contact page, the footer). Demo values by default.
  // CUSTOMER_CARE_EMAIL falls back to SUPPORT_EMAIL, so one address needs setting once.
  CUSTOMER_CARE_PHONE: phoneNumber.default('+91 80 4567 8900'),
  CUSTOMER_CARE_EMAIL: z.email().optional(),
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(2).max(100).default('Meera Krishnan'),
  GRIEVANCE_OFFICER_EMAIL: z.email().default('grievance@utsavgifts.in'),
  GRIEVANCE_OFFICER_PHONE: phoneNumber.default('+91 80 4567 8901'),
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/, 'must be 1 to 3 capital letters or digits')
    .default('UG'),
  // Issue 21: invoice PDFs are laid out in this many worker threads, each task stopped (503)
  // after PDF_TIME_LIMIT_MS.
  PDF_THREADS: z.coerce.number().int().min(1).max(8).default(1),
  PDF_TIME_LIMIT_MS: z.coerce.number().int().min(1).default(20_000),
  // Issue 21: a product CSV import is read (parsed and checked) in a worker thread, stopped (503,
  // nothing imported) after this; the largest file (5 MB, 5000 rows) takes a few seconds at most.
  CSV_IMPORT_TIME_LIMIT_MS: z.coerce.number().int().min(1).default(30_000),
});
export type Env = z.infer<typeof Env>;

export type Config = Env & {
  /** Who takes the payments, decided once from PAYMENTS and the Razorpay keys. */
  paymentProvider: 'razorpay' | 'sandbox';
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** Where the built web app lives. */
  webDistDir: string;
  /** The server renderer of the landing pages, built beside the web app; null: none. */
  webRendererPath: string | null;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in a .env file mean "not set", as most tools treat them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = Env.superRefine((env, context) => {
    if (env.STORAGE === 's3' && !env.S3_BUCKET) {
      context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'must be set when STORAGE=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
      });
    }
    // Real payments are never half-configured into simulated ones: a store that asked for Razorpay
    // and lacks a key does not start.
    if (env.PAYMENTS === 'razorpay') {
      for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'] as const) {
        if (!env[key]) {
          context.addIssue({ code: 'custom', path: [key], message: 'must be set when PAYMENTS=razorpay' });
        }
      }
    } else if (
      env.PAYMENTS === undefined &&
      Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)
    ) {
      context.addIssue({
        code: 'custom',
        path: [env.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID'],
        message: 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set together',
      });
    }
  }).safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const { PAYMENTS, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET } = parsed.data;
  const razorpayKeys = Boolean(RAZORPAY_KEY_ID && RAZORPAY_KEY_SECRET);
  return {
    ...parsed.data,
    paymentProvider: PAYMENTS ?? (razorpayKeys ? 'razorpay' : 'sandbox'),
    dataDir: path.resolve(parsed.data.DATA_DIR),
    webDistDir: path.resolve(import.meta.dirname, '../../dist/web'),
    webRendererPath: path.resolve(import.meta.dirname, '../../dist/ssr/entry-server.js'),
  };
}
