import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { COD_HOLD_HOURS_MAX, CodPincodes } from '../shared/cash-on-delivery';
import { gstStateCode } from '../shared/gst';
import { gstinStateMessage, isValidGstin } from '../shared/gstin';
import { NOTIFY_CHANNELS } from '../shared/notifications';
import { DEFAULT_PACKAGING_BOXES, PackagingBoxesText, packagingBoxesText } from '../shared/parcel';
import { isValidPhone, normalisePhone } from '../shared/phone';
import {
  FAULT_RETURN_WINDOW_DAYS,
  MAX_FAULT_RETURN_WINDOW_DAYS,
  RETURN_SHIPPING_PAYERS,
} from '../shared/return-rules';
import { RTO_REFUND_MODES } from '../shared/returned-parcels';
import { CURRENT_GRAPH_API_VERSION } from './graph-api-versions';

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

// `ours=theirs` pairs: our template names (otp, order_placed, ...) to a provider's own ids.
const templateMap = z
  .string()
  .regex(
    /^\s*[a-z_]+=[\w.-]+\s*(,\s*[a-z_]+=[\w.-]+\s*)*$/,
    'must be a list like otp=abc123,order_placed=def456',
  )
  .transform((value) =>
    Object.fromEntries(
      value.split(',').map((pair) => pair.split('=').map((part) => part.trim()) as [string, string]),
    ),
  );

/** The sandbox courier's token as older versions shipped it, and every value made from it. */
export const PUBLISHED_SANDBOX_COURIER_TOKEN = 'sandbox-courier-token';

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
  /**
   * Decision 48: the catalogue's reads run as named prepared statements. false behind a pooler that
   * gives each transaction whichever server connection is free (PgBouncer in transaction mode
   * without max_prepared_statements), where a name prepared on one connection may be missing.
   */
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  SEED_ON_START: booleanFlag.default(true),
  /** A folder of demo pictures drawn before, shared by the stores a test run seeds (seed/artwork.ts). */
  SEED_ARTWORK_CACHE_DIR: z.string().min(1).optional(),

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
  // The extra charge for the midnight slot (23:00-23:59) at same-day pincodes.
  MIDNIGHT_SLOT_FEE_RUPEES: z.coerce.number().int().min(0).default(199),
  // Decision 0077: the boxes parcels are packed in, until the owner saves their own in Settings.
  PACKAGING_BOXES: PackagingBoxesText.default(
    packagingBoxesText(DEFAULT_PACKAGING_BOXES).replaceAll('\n', '; '),
  ),
  // Cash on delivery (decision 0042), until the owner saves their own in Settings: off, orders up
  // to ₹3,000, a ₹49 fee, and (empty) every pincode the store delivers to.
  COD_ENABLED: booleanFlag.default(false),
  COD_MAX_ORDER_RUPEES: z.coerce.number().int().min(0).max(10_00_000).default(3000),
  COD_FEE_RUPEES: z.coerce.number().int().min(0).max(10_000).default(49),
  COD_PINCODES: CodPincodes.default(''),
  // Decision 0051: days after delivery a defective, damaged, wrong or late item may be returned
  // (at least 30), until the owner saves their own in Settings.
  FAULT_RETURN_DAYS: z.coerce
    .number()
    .int()
    .min(FAULT_RETURN_WINDOW_DAYS)
    .max(MAX_FAULT_RETURN_WINDOW_DAYS)
    .default(FAULT_RETURN_WINDOW_DAYS),
  // Decision 0054: hours a COD order holds its stock while not shipped; then it is cancelled.
  COD_HOLD_HOURS: z.coerce.number().int().min(1).max(COD_HOLD_HOURS_MAX).default(72),
  // Decision 0064: a COD order above this (0: none) waits this many hours for the customer's YES.
  COD_CONFIRM_ABOVE_RUPEES: z.coerce.number().int().min(0).max(10_00_000).default(0),
  COD_CONFIRM_HOURS: z.coerce.number().int().min(1).max(COD_HOLD_HOURS_MAX).default(24),
  // Decision 0064: a prepaid parcel back at the store is refunded when checked in, or kept as owed.
  RTO_REFUND: z.enum(RTO_REFUND_MODES).default('at_once'),
  RTO_FREIGHT_DEDUCTION_RUPEES: z.coerce.number().int().min(0).max(10_000).default(0),
  // Decision 0061: who pays to send an approved return back, stated on the Returns page.
  RETURN_SHIPPING_PAID_BY: z.enum(RETURN_SHIPPING_PAYERS).default('customer-unless-faulty'),
  // Decision 0066: a return refunded at approval when it is below this; above, once received.
  // 0: every refund waits for the items to come back and be checked.
  RETURN_REFUND_AT_APPROVAL_BELOW_RUPEES: z.coerce.number().int().min(0).max(10_00_000).default(0),
  // Decision 0067: days the courier takes to remit cash collected on delivery (its COD cycle);
  // cash not remitted by then shows as overdue.
  COD_REMITTANCE_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  // Decision 0081: a gift link's life (its stock held that long) and the links an account may
  // send in a day.
  GIFT_LINK_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  GIFT_LINKS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
  CORPORATE_GIFT_LINKS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(500),
  // Decision 0084: group gifts one organiser may start in a day, and one share's bounds in rupees.
  GROUP_GIFTS_PER_DAY: z.coerce.number().int().min(1).max(100).default(5),
  GROUP_GIFT_MIN_SHARE_RUPEES: z.coerce.number().int().min(0).max(10_000).default(50),
  GROUP_GIFT_MAX_SHARE_RUPEES: z.coerce.number().int().min(0).max(10_00_000).default(50_000),
  // The order-news channels ticked at checkout until the shopper changes them.
  NOTIFY_DEFAULT_CHANNELS: commaList.pipe(z.array(z.enum(NOTIFY_CHANNELS))).default(['whatsapp', 'email']),

  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')
    .optional(),

  // Payments (DESIGN 4): `razorpay` takes real payments and needs both keys; `sandbox`
  // simulates them. Unset: Razorpay when both keys are set, else the sandbox (a fresh clone).
  PAYMENTS: z.enum(['sandbox', 'razorpay']).optional(),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
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
  // Decision 0054: orders one account may place, and cancel, in a day (an address three times as
  // many, for a family or an office behind one address).
  ORDERS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(20),
  CANCELS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(10),
  // Mail (DESIGN 4): SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // Messages to shoppers' phones (DESIGN 6, docs/operations.md "WhatsApp and SMS"): each channel
  // uses the built-in sandbox unless its provider is chosen here (and then needs its keys).
  WHATSAPP_PROVIDER: z.enum(['sandbox', 'cloud-api']).default('sandbox'),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v26.0')
    .default(CURRENT_GRAPH_API_VERSION),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the digits of the phone number id')
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(20, 'must be at least 20 characters').optional(),
  // Meta signs each webhook with the app secret (X-Hub-Signature-256).
  WHATSAPP_APP_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // Echoed back in the webhook's subscription handshake (hub.verify_token).
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2}(_[A-Z]{2})?$/, 'must be a language code like en or en_US')
    .default('en'),
  // Approved template names when they differ from ours (otp=utsav_login_code,...).
  WHATSAPP_TEMPLATES: templateMap.default({}),
  SMS_PROVIDER: z.enum(['sandbox', 'msg91']).default('sandbox'),
  MSG91_API_URL: z.url().default('https://control.msg91.com'),
  MSG91_AUTH_KEY: z.string().min(10, 'must be at least 10 characters').optional(),
  // Each of our templates as an MSG91 template id (each tied to its DLT template id in MSG91).
  MSG91_TEMPLATES: templateMap.optional(),
  MSG91_SENDER_ID: z
    .string()
    .regex(/^[A-Z]{6}$/, 'must be the 6-letter DLT sender id')
    .optional(),
  // Decision 0062: the promotional DLT header marketing SMS (cart reminders) go out on.
  MSG91_PROMO_SENDER_ID: z
    .string()
    .regex(/^[A-Z0-9-]{6,9}$/, 'must be the DLT promotional header (6 digits, or as DLT gave it)')
    .optional(),
  // MSG91 does not sign delivery reports: its webhook URL carries this token (?token=).
  MSG91_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Where the owner hears of new paid orders, return requests and bulk enquiries
  // (default: the customer-care address), and how: each at once, or an hourly or daily digest.
  OWNER_NOTIFY_EMAIL: z.email().optional(),
  OWNER_NOTIFY: z.enum(['immediate', 'hourly', 'daily']).default('immediate'),
  // The owner's WhatsApp for the same notices (empty: e-mail only); the owner's settings take over.
  OWNER_NOTIFY_WHATSAPP: z
    .string()
    .default('')
    .refine((value) => value.trim() === '' || isValidPhone(value), 'must be a 10-digit Indian mobile number')
    .transform((value) => (value.trim() === '' ? '' : normalisePhone(value))),
  // A negotiated quote price may be at most this many percent below the list price.
  QUOTE_MAX_DISCOUNT_PERCENT: z.coerce.number().int().min(0).max(90).default(20),
  // The order expiry sweep and the mail worker; tests turn them off and call them directly.
  BACKGROUND_JOBS: booleanFlag.default(true),
  // How often each instance looks for overdue unpaid orders and stuck webhooks.
  EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // How often each instance sends queued WhatsApp and SMS order news: "order placed" should reach
  // the shopper's phone while they still look at the confirmation page.
  NOTIFY_EVERY_SECONDS: z.coerce.number().min(0.2).max(300).default(5),

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

  // GST tax invoices: the seller as registered. CGST + SGST when the delivery state is
  // STORE_STATE (a state name as India Post writes it), IGST otherwise.
  STORE_LEGAL_NAME: z.string().min(1).default('Utsav Gifts Private Limited'),
  STORE_ADDRESS: z.string().min(1).default('12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001'),
  STORE_STATE: z.string().min(1).default('Karnataka'),
  // A GSTIN with a wrong check character would print an invoice no tax office accepts.
  STORE_GSTIN: z
    .string()
    .refine(isValidGstin, 'must be a valid 15-character GSTIN like 29ABCDE1234F1ZW')
    .default('29ABCDE1234F1ZW'),
  // The Consumer Protection (E-Commerce) Rules, 2020 ask the seller to show how customers
  // reach it and who its Grievance Officer is (the Contact page, the footer). Demo values by default.
  // CUSTOMER_CARE_EMAIL falls back to SUPPORT_EMAIL, so one address needs setting once.
  CUSTOMER_CARE_PHONE: phoneNumber.default('+91 80 4567 8900'),
  CUSTOMER_CARE_EMAIL: z.email().optional(),
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(2).max(100).default('Meera Krishnan'),
  GRIEVANCE_OFFICER_EMAIL: z.email().default('grievance@utsavgifts.in'),
  GRIEVANCE_OFFICER_PHONE: phoneNumber.default('+91 80 4567 8901'),
  // E-Commerce Rules 2020, rule 4(4): the officer's designation is shown with their name.
  GRIEVANCE_OFFICER_DESIGNATION: z.string().trim().min(2).max(100).default('Head of Customer Care'),
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/, 'must be 1 to 3 capital letters or digits')
    .default('UG'),
  // Invoice PDFs are laid out in this many worker threads, each task stopped (503)
  // after PDF_TIME_LIMIT_MS.
  PDF_THREADS: z.coerce.number().int().min(1).max(8).default(1),
  PDF_TIME_LIMIT_MS: z.coerce.number().int().min(1).default(20_000),
  // A product CSV import is read (parsed and checked) in a worker thread, stopped (503,
  // nothing imported) after this; the largest file (5 MB, 5000 rows) takes a few seconds at most.
  CSV_IMPORT_TIME_LIMIT_MS: z.coerce.number().int().min(1).default(30_000),

  // Decision 0053: how long a call to an outside service (payments, courier, SMS, WhatsApp, mail,
  // storage) may take before the store gives up on it and answers 503.
  OUTSIDE_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),

  // The courier: `shiprocket` books real shipments (needs SHIPROCKET_EMAIL, _PASSWORD
  // and _WEBHOOK_TOKEN); `sandbox` (default) is the built-in courier at /sandbox/courier.
  COURIER: z.enum(['sandbox', 'shiprocket']).default('sandbox'),
  SHIPROCKET_BASE_URL: z.url().default('https://apiv2.shiprocket.in'),
  SHIPROCKET_EMAIL: z.email().optional(),
  SHIPROCKET_PASSWORD: z.string().min(1).optional(),
  // The token Shiprocket sends in the tracking webhook's x-api-key header (set in its panel).
  SHIPROCKET_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // The pickup address's name as registered in Shiprocket's panel.
  SHIPROCKET_PICKUP_LOCATION: z.string().min(1).max(100).default('Primary'),
  // The sandbox courier's API password and webhook token (one value, as Shiprocket's token is).
  // Unset: a random one generated into DATA_DIR/secrets.json, as the payment sandbox's secrets are.
  // Whoever holds it can mark orders delivered (cash collected), so a published one stops start-up.
  SANDBOX_COURIER_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .refine(
      (value) => !value.startsWith(PUBLISHED_SANDBOX_COURIER_TOKEN),
      'is a published default: remove it to have a random one generated, or set a random value',
    )
    .optional(),
  // How much faster than real time sandbox parcels move: 60 = a 3-day delivery in 72 minutes.
  SANDBOX_COURIER_SPEED: z.coerce.number().positive().max(10_000_000).default(60),
  // How often each instance sends the sandbox's due tracking scans.
  SANDBOX_COURIER_TICK_SECONDS: z.coerce.number().min(0.2).max(3600).default(5),
  // The courier's serviceability refines the pincode check (standard deliveries): a pincode it
  // does not serve is not deliverable, its estimate sets the days. Off by default: the store's own
  // rule answers without a call to anyone (decision 0044).
  COURIER_SERVICEABILITY: booleanFlag.default(false),
  // A slower answer is not waited for: the store's own rule answers that check.
  COURIER_SERVICEABILITY_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1500),
  // How long an answer is kept per pincode on each instance.
  COURIER_SERVICEABILITY_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(6 * 3600),
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
    if (env.STORE_GSTIN.slice(0, 2) !== gstStateCode(env.STORE_STATE)) {
      context.addIssue({
        code: 'custom',
        path: ['STORE_GSTIN'],
        message: gstinStateMessage(env.STORE_STATE),
      });
    }
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
    if (env.COURIER === 'shiprocket') {
      for (const key of ['SHIPROCKET_EMAIL', 'SHIPROCKET_PASSWORD', 'SHIPROCKET_WEBHOOK_TOKEN'] as const) {
        if (!env[key]) {
          context.addIssue({ code: 'custom', path: [key], message: 'must be set when COURIER=shiprocket' });
        }
      }
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
    // A real provider is never half-configured into a sandbox: a missing key stops the start.
    if (env.WHATSAPP_PROVIDER === 'cloud-api') {
      for (const key of [
        'WHATSAPP_PHONE_NUMBER_ID',
        'WHATSAPP_ACCESS_TOKEN',
        'WHATSAPP_APP_SECRET',
        'WHATSAPP_VERIFY_TOKEN',
      ] as const) {
        if (!env[key]) {
          context.addIssue({
            code: 'custom',
            path: [key],
            message: 'must be set when WHATSAPP_PROVIDER=cloud-api',
          });
        }
      }
    }
    if (env.SMS_PROVIDER === 'msg91') {
      for (const key of ['MSG91_AUTH_KEY', 'MSG91_TEMPLATES', 'MSG91_WEBHOOK_TOKEN'] as const) {
        if (!env[key]) {
          context.addIssue({ code: 'custom', path: [key], message: 'must be set when SMS_PROVIDER=msg91' });
        }
      }
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

/**
 * The store's settings as `npm start` reads them: the environment, with a .env file beside
 * package.json read first if present (real environment variables win). A bad setting ends the
 * process with its one line.
 */
export function loadConfigOrExit(): Config {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
