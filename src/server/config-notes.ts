import type { Env } from './config';

/**
 * One line on each setting of the configuration schema (config.ts), in its order: the comments of
 * .env.example, which scripts/env-example.ts writes from the schema with each default. Typed by the
 * schema's keys, so a setting added there without a line here fails the type check.
 */
export const SETTING_NOTES: Record<keyof typeof Env.shape, string> = {
  NODE_ENV: 'development, production or test; production unless a tool sets it.',
  PORT: 'The port the store listens on (0: any free port).',
  HOST: 'The address the store listens on (0.0.0.0: every interface).',
  DATA_DIR: 'Where the embedded database, uploads, the mail outbox and generated secrets live.',
  DATABASE_URL:
    'Set to use PostgreSQL instead of the embedded database, e.g. postgres://user:pass@host:5432/store',
  DATABASE_PREPARED_STATEMENTS:
    'false behind a pooler in transaction mode without prepared-statement support (decision 48).',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent (the JSON log on stdout).',
  PUBLIC_URL:
    "The store's public address, e.g. https://www.example.in, for canonical links, e-mails, the sitemap and robots.txt; unset: this machine's.",
  TRUST_PROXY: 'true behind a reverse proxy, so client IPs and https are read from X-Forwarded-* headers.',
  SEED_ON_START: 'Seed the demo catalogue and the pincode directory into an empty database at start.',
  SEED_ARTWORK_CACHE_DIR:
    'A folder of demo pictures drawn before, reused instead of drawing them again (tests).',
  STORE_NAME: "The store's name, shown to shoppers and in e-mails.",
  STORE_TAGLINE: 'The line under the name on the home page.',
  SUPPORT_EMAIL: 'The address shoppers write to.',
  INSTAGRAM_HANDLE: "The store's Instagram account, without the @.",
  WHATSAPP_NUMBER: 'The chat-app number: 91 followed by a 10-digit mobile number.',
  SAME_DAY_CITY: 'The city where same-day delivery is offered.',
  ORIGIN_PINCODE: 'The pincode parcels leave from.',
  NEXT_DAY_RADIUS_KM: 'Pincodes within this distance of ORIGIN_PINCODE get next-day delivery.',
  BLOCKED_PINCODE_PREFIXES: 'Comma-separated pincode prefixes that are not delivered to, e.g. 744,194',
  FREE_SHIPPING_FROM_RUPEES: 'Orders from this amount ship free.',
  SHIPPING_FEE_RUPEES: 'The shipping fee below that amount.',
  MIDNIGHT_SLOT_FEE_RUPEES: 'Extra charge for the midnight slot (11 PM - 11:59 PM) at same-day pincodes.',
  PACKAGING_BOXES:
    'The boxes parcels are packed in, separated by ";": name, inside size and empty weight (decision 0077).',
  COD_ENABLED: 'Cash on delivery until the owner saves it in Settings (decision 0042).',
  COD_MAX_ORDER_RUPEES: 'The largest order cash on delivery takes.',
  COD_FEE_RUPEES: 'The fee for paying cash on delivery.',
  COD_PINCODES:
    'Comma-separated pincodes where cash on delivery is offered; empty: everywhere the store delivers.',
  RETURN_SHIPPING_PAID_BY:
    'Who pays to send a return back: customer-unless-faulty (the customer for a change of mind) or store.',
  FAULT_RETURN_DAYS:
    'Days after delivery a defective, damaged, wrong or late item may be returned (at least 30; decision 0051).',
  COD_HOLD_HOURS:
    'Hours a cash on delivery order holds its stock while not shipped; then it is cancelled (decision 0054).',
  COD_CONFIRM_ABOVE_RUPEES:
    'A cash on delivery order above this asks the customer to reply YES before it is booked; 0: none (decision 0064).',
  COD_CONFIRM_HOURS:
    'Hours a cash on delivery order waits for its YES; then it is cancelled (decision 0064).',
  RTO_REFUND:
    'A prepaid parcel back at the store undelivered: at_once (refunded when checked in) or owed (the owner refunds it later).',
  RTO_FREIGHT_DEDUCTION_RUPEES: 'Rupees of return freight taken off such a refund; 0: none (decision 0064).',
  RETURN_REFUND_AT_APPROVAL_BELOW_RUPEES:
    'A return worth less is refunded at approval; the rest once the items are marked received (0: always wait; decision 0066).',
  COD_REMITTANCE_DAYS:
    'Days the courier takes to remit cash collected on delivery; later shows as overdue (decision 0067).',
  GIFT_LINK_DAYS: "Days a gift link waits for its recipient's address, its stock held (decision 0081).",
  GIFT_LINKS_PER_DAY: 'Gift links one account may send in a day (decision 0081).',
  CORPORATE_GIFT_LINKS_PER_DAY:
    'Gift links an account the owner approved as a corporate buyer may send in a day (decision 0081).',
  GROUP_GIFTS_PER_DAY: 'Group gifts one organiser may start in a day (decision 0084).',
  GROUP_GIFT_MIN_SHARE_RUPEES:
    'The smallest share of a group gift; the last may be less when less remains (decision 0084).',
  GROUP_GIFT_MAX_SHARE_RUPEES: 'The largest share of a group gift, never below the smallest (decision 0084).',
  NOTIFY_DEFAULT_CHANNELS:
    'Order-news channels ticked at checkout until the shopper changes them (whatsapp, sms, email).',
  GA_MEASUREMENT_ID: 'Google Analytics: gtag loads only when set.',
  PAYMENTS:
    'razorpay (real payments) or sandbox (simulated, "Test mode" on every page); unset: Razorpay when both keys are set.',
  RAZORPAY_KEY_ID: "Razorpay's key id (Dashboard > API keys).",
  RAZORPAY_KEY_SECRET: "Razorpay's key secret.",
  RAZORPAY_WEBHOOK_SECRET: 'Secret of the Razorpay webhook pointing at /api/payments/webhook.',
  RAZORPAY_API_URL: "Razorpay's API address (a stand-in's in tests).",
  SANDBOX_KEY_SECRET:
    'Payment sandbox signing secret; unset: generated into DATA_DIR/secrets.json (set it when several instances run).',
  SANDBOX_WEBHOOK_SECRET: 'Payment sandbox webhook secret; unset: generated into DATA_DIR/secrets.json.',
  ORDER_EXPIRY_MINUTES: 'Unpaid orders are cancelled and their stock released after this many minutes.',
  MAX_UNPAID_ORDERS: 'Orders one account may hold waiting for payment at a time (each reserves stock).',
  ORDERS_PER_DAY: 'Orders one account may place in a day; one address three times as many (decision 0054).',
  CANCELS_PER_DAY: 'Orders one account may cancel in a day; one address three times as many.',
  SMTP_URL:
    'Mail through SMTP when set (e.g. smtps://user:pass@smtp.example.com:465), else .eml files in DATA_DIR/outbox.',
  MAIL_FROM:
    'Sender of e-mails, e.g. Utsav Gifts <orders@utsavgifts.in>; unset: STORE_NAME and SUPPORT_EMAIL.',
  WHATSAPP_PROVIDER:
    'sandbox (built in) or cloud-api (the WhatsApp Business Cloud API, with the WHATSAPP_ keys below).',
  WHATSAPP_API_URL: "The Graph API's address.",
  WHATSAPP_API_VERSION:
    'The Graph API version; start-up warns a month before Meta retires it (graph-api-versions.ts).',
  WHATSAPP_PHONE_NUMBER_ID: "The Cloud API's phone number id (digits).",
  WHATSAPP_ACCESS_TOKEN: "The Cloud API's access token.",
  WHATSAPP_APP_SECRET: "The Meta app's secret, which signs each webhook (X-Hub-Signature-256).",
  WHATSAPP_VERIFY_TOKEN: "Echoed back in the webhook's subscription handshake (hub.verify_token).",
  WHATSAPP_TEMPLATE_LANGUAGE: 'The language code of the approved templates, e.g. en or en_US.',
  WHATSAPP_TEMPLATES: 'Approved template names where they differ from ours, e.g. otp=utsav_login_code',
  SMS_PROVIDER: "sandbox (built in) or msg91 (MSG91's Flow API, with the MSG91_ values below).",
  MSG91_API_URL: "MSG91's address.",
  MSG91_AUTH_KEY: "MSG91's auth key.",
  MSG91_TEMPLATES:
    'Our templates as MSG91 template ids (each tied to its DLT template id), e.g. otp=6650a1b2d6fc05412f3c8a91',
  MSG91_SENDER_ID: 'The 6-letter DLT sender id, when the template does not fix one.',
  MSG91_PROMO_SENDER_ID:
    'The DLT promotional header (6 digits) marketing SMS such as the cart reminder go out on (decision 62).',
  MSG91_WEBHOOK_TOKEN: "The secret in MSG91's delivery-report URL (/api/messaging/msg91/delivery?token=...).",
  OWNER_NOTIFY_EMAIL:
    'Where the owner hears of new orders, returns and enquiries; unset: the customer-care address.',
  OWNER_NOTIFY: 'immediate, hourly or daily: each notice at once, or a digest.',
  OWNER_NOTIFY_WHATSAPP: "The owner's WhatsApp for the same notices (empty: e-mail only).",
  QUOTE_MAX_DISCOUNT_PERCENT: 'A quote price may be at most this many percent below the list price.',
  BACKGROUND_JOBS: 'Run the order expiry sweep and the senders of mail and messages in this process.',
  EXPIRY_SWEEP_SECONDS: 'How often the order-expiry sweep (and the webhook retry) runs, in seconds.',
  NOTIFY_EVERY_SECONDS: 'How often each instance sends queued WhatsApp and SMS order news, in seconds.',
  REDIS_URL: 'Redis for shared counters (rate limits) across instances; unset: the database keeps them.',
  REDIS_KEY_PREFIX: 'Starts every key this store writes to Redis, so several stores can share one.',
  METRICS_TOKEN: 'Bearer token for GET /metrics (Prometheus); unset: /metrics answers 404.',
  STORAGE: 'Uploaded images: local (DATA_DIR/uploads) or s3 (any S3-compatible bucket).',
  S3_BUCKET: 'The bucket, when STORAGE=s3.',
  S3_REGION: "The bucket's region.",
  S3_ENDPOINT: 'For S3-compatible services such as MinIO or Cloudflare R2; unset: AWS.',
  S3_ACCESS_KEY_ID: "Unset: the AWS SDK's default credential chain (instance role, AWS_* variables).",
  S3_SECRET_ACCESS_KEY: 'The secret of S3_ACCESS_KEY_ID.',
  S3_FORCE_PATH_STYLE: 'true for services that address buckets by path (most S3-compatible ones).',
  STORE_LEGAL_NAME: 'The seller as registered for GST, on tax invoices.',
  STORE_ADDRESS: 'The registered address, on tax invoices.',
  STORE_STATE: 'The state of registration as India Post writes it: CGST + SGST inside it, IGST outside.',
  STORE_GSTIN: "The GSTIN; its first two digits are STORE_STATE's GST code (29 Karnataka).",
  CUSTOMER_CARE_PHONE:
    'On the Contact page, the footer and every e-mail (Consumer Protection (E-Commerce) Rules, 2020).',
  CUSTOMER_CARE_EMAIL: 'The customer-care address; unset: SUPPORT_EMAIL.',
  GRIEVANCE_OFFICER_NAME: 'The grievance officer the E-Commerce Rules require, on the Contact page.',
  GRIEVANCE_OFFICER_EMAIL: "The grievance officer's e-mail address.",
  GRIEVANCE_OFFICER_PHONE: "The grievance officer's phone number.",
  GRIEVANCE_OFFICER_DESIGNATION:
    "The grievance officer's designation, shown on /contact (E-Commerce Rules r.4(4)).",
  INVOICE_PREFIX: 'Invoice numbers read INVOICE_PREFIX/YY-YY/NNNNNN, counted per financial year.',
  PDF_THREADS: 'Worker threads that lay out invoice PDFs.',
  PDF_TIME_LIMIT_MS: 'The time one PDF may take, then 503.',
  CSV_IMPORT_TIME_LIMIT_MS:
    'The time one product CSV import may take to be read, then 503 and nothing imported.',
  OUTSIDE_CALL_TIMEOUT_MS:
    'How long a call to Razorpay, Shiprocket, MSG91, WhatsApp, SMTP or S3 may take before the store answers 503.',
  COURIER: 'sandbox (built in) or shiprocket (with the SHIPROCKET_ values below).',
  SHIPROCKET_BASE_URL: "Shiprocket's API address.",
  SHIPROCKET_EMAIL: "The Shiprocket API user's e-mail.",
  SHIPROCKET_PASSWORD: "The Shiprocket API user's password.",
  SHIPROCKET_WEBHOOK_TOKEN: "The token Shiprocket's tracking webhook sends (x-api-key).",
  SHIPROCKET_PICKUP_LOCATION: 'The pickup location name as saved in Shiprocket.',
  SANDBOX_COURIER_TOKEN: "The sandbox courier's API password and webhook token.",
  SANDBOX_COURIER_SPEED:
    'How much faster than real time sandbox parcels move: 60 = a 3-day delivery in 72 minutes.',
  SANDBOX_COURIER_TICK_SECONDS: "How often each instance sends the sandbox's due tracking scans, in seconds.",
  COURIER_SERVICEABILITY:
    "Ask the courier whether it serves a pincode (decision 0044); off: the store's own rule answers.",
  COURIER_SERVICEABILITY_TIMEOUT_MS:
    "A slower courier answer is not waited for: the store's own rule answers.",
  COURIER_SERVICEABILITY_CACHE_SECONDS: 'How long a courier answer is kept per pincode on each instance.',
};
