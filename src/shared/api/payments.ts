import { z } from 'zod';
import { ShippingAddress } from '../address';
import { MAX_QUANTITY } from '../cart-rules';
import { PaymentMethod } from '../cash-on-delivery';
import { MarketingChoice } from '../consents';
import { DeliveryChoice } from '../delivery-dates';
import { GiftOptions } from '../gift-options';
import { NotifyConsent } from '../notifications';
import { PersonalisationValues } from '../personalisation';
import { personalisationKey } from '../personalisation-rules';
import { CouponCode } from './coupons';
import { MAX_ORDER_LINES, PAYMENT_MESSAGES } from './payments-rules';

// The words the server says about money and the order's limits are in payments-rules.ts (no Zod,
// so that pages show them without loading it); they are re-exported here.
export * from './payments-rules';

const ProductId = z.number().int().positive().max(2_147_483_647);

/**
 * SPEC 7 create-order line. inStock, allowPreOrder and minQuantity are what the shopper's cart
 * believed; the server decides from its own rows and refuses a line whose stock status changed.
 */
export const CreateOrderItem = z.object({
  productId: z.coerce.number().pipe(ProductId),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`),
  inStock: z.boolean().optional(),
  allowPreOrder: z.boolean().optional(),
  minQuantity: z.number().int().optional(),
  /** What the shopper entered; checked against the product's config by the server. */
  personalisation: PersonalisationValues.optional(),
});
export type CreateOrderItem = z.infer<typeof CreateOrderItem>;

/** A line is one product with one personalisation: the same product personalised twice is two lines. */
export const orderLineKey = (item: Pick<CreateOrderItem, 'productId' | 'personalisation'>) =>
  `${item.productId}|${personalisationKey(item.personalisation)}`;

/**
 * POST /api/payments/create-order. totalAmount: the rupee total the shopper saw, shipping included
 * and any coupon discount taken off.
 */
export const CreateOrderPayload = z.object({
  items: z
    .array(CreateOrderItem)
    .min(1, PAYMENT_MESSAGES.emptyOrder)
    .max(MAX_ORDER_LINES, `An order may have at most ${MAX_ORDER_LINES} lines`)
    .refine((items) => new Set(items.map(orderLineKey)).size === items.length, {
      message: PAYMENT_MESSAGES.duplicateProduct,
    }),
  totalAmount: z.number({ error: 'Total amount is required' }).nonnegative().max(100_000_000),
  shippingAddress: ShippingAddress,
  /** The coupon the shopper applied; totalAmount is after its discount. */
  couponCode: CouponCode.optional(),
  /** The gift message and "hide prices", part of the idempotent body like the rest. */
  giftOptions: GiftOptions.optional(),
  /**
   * The delivery date and slot; re-checked with the server's clock. totalAmount includes
   * the midnight slot's fee.
   */
  delivery: DeliveryChoice.optional(),
  /** The order news the shopper agreed to; the store's defaults when left out. */
  notify: NotifyConsent.optional(),
  /** Decision 0062: the offers the shopper ticked, per channel (each unticked until they tick it). */
  marketing: MarketingChoice.optional(),
  /**
   * Decision 0042: 'cod' pays in cash at the door when the owner's rules allow it (totalAmount
   * then includes the COD fee the eligibility answer named); online when left out.
   */
  paymentMethod: PaymentMethod.default('online'),
});
export type CreateOrderPayload = z.infer<typeof CreateOrderPayload>;
export type CreateOrderInput = z.input<typeof CreateOrderPayload>;

/**
 * Optional `Idempotency-Key` header: a retried create-order with the same key gets the same order.
 * Other headers (authorization) pass through untouched.
 */
export const CreateOrderHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'Idempotency-Key must not be empty')
    .max(200, 'Idempotency-Key must be at most 200 characters')
    .optional(),
});

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export const PaymentProviderName = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof PaymentProviderName>;

/** The provider's order, as Razorpay's checkout takes it: amount in paise. */
export const ProviderOrder = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
});
export type ProviderOrder = z.infer<typeof ProviderOrder>;

export const CreateOrderResponse = z.object({
  order: ProviderOrder,
  /** Our order id (uuid), for verify-payment and /order-confirmation/{orderId}. */
  orderId: z.string(),
  orderNumber: z.string(),
  /** Rupees, as the API speaks (SPEC 3). */
  totalAmount: z.number(),
  keyId: z.string(),
  provider: PaymentProviderName,
  paymentMethod: z.literal('online'),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

/** A cash on delivery order: confirmed at once, no provider order to pay. */
export const CashOrderResponse = z.object({
  paymentMethod: z.literal('cod'),
  orderId: z.string(),
  orderNumber: z.string(),
  /** Rupees to collect at the door, the COD fee included. */
  totalAmount: z.number(),
});
export type CashOrderResponse = z.infer<typeof CashOrderResponse>;

/** POST /api/payments/create-order answers either, by the payment method asked for. */
export const PlaceOrderResponse = z.discriminatedUnion('paymentMethod', [
  CreateOrderResponse,
  CashOrderResponse,
]);
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;

/**
 * POST /api/payments/cod-eligibility: the cart as create-order will send it, and the delivery
 * pincode. The server prices it and answers with the same rule create-order applies.
 */
export const CodEligibilityRequest = CreateOrderPayload.pick({
  items: true,
  couponCode: true,
  delivery: true,
}).extend({
  pincode: z
    .string()
    .length(6, 'Pincode must be 6 digits')
    .regex(/^\d{6}$/, 'Pincode must be 6 digits'),
});
export type CodEligibilityRequest = z.infer<typeof CodEligibilityRequest>;

export const CodEligibility = z.object({
  /** False when the store does not offer cash on delivery at all: the page shows no choice. */
  offered: z.boolean(),
  /** Whether this order may be paid on delivery now. */
  available: z.boolean(),
  /** Why not, in the shopper's words; null when available. */
  reason: z.string().nullable(),
  /** True when a verified mobile is all that is missing (the page offers the one-time code). */
  needsPhone: z.boolean(),
  /** Rupees: the COD fee, and the order's total with it (what the courier collects). */
  fee: z.number(),
  totalWithFee: z.number(),
});
export type CodEligibility = z.infer<typeof CodEligibility>;

/** SPEC 3 verification payload: the provider's three fields plus our order id. */
export const VerifyPaymentPayload = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
  orderId: z.string().min(1).max(100),
});
export type VerifyPaymentPayload = z.infer<typeof VerifyPaymentPayload>;

export const VerifyPaymentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.string(),
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponse>;

/**
 * Razorpay's failure object as checkout.js gives it to 'payment.failed' (every field optional).
 * Other keys are dropped, not kept: nothing reads them, and nothing unbounded is passed on.
 */
export const ProviderPaymentError = z.object({
  code: z.string().max(100).optional(),
  description: z.string().max(500).optional(),
  reason: z.string().max(200).optional(),
  source: z.string().max(100).optional(),
  step: z.string().max(100).optional(),
  metadata: z
    .object({
      order_id: z.string().max(100).optional(),
      payment_id: z.string().max(100).optional(),
    })
    .optional(),
});
export type ProviderPaymentError = z.infer<typeof ProviderPaymentError>;

/** SPEC 7 payment-failed: the client reports what the payment window said. */
export const PaymentFailedPayload = z.object({
  orderId: z.string().min(1).max(100),
  error: z.union([z.string().max(500), ProviderPaymentError]).optional(),
});
export type PaymentFailedPayload = z.infer<typeof PaymentFailedPayload>;

export const PaymentFailedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: z.string(),
  status: z.string(),
});
export type PaymentFailedResponse = z.infer<typeof PaymentFailedResponse>;

/** GET /api/payments/config: what the payment page needs to load the provider's window. */
export const PaymentConfig = z.object({
  provider: PaymentProviderName,
  keyId: z.string(),
  checkoutScript: z.string(),
});
export type PaymentConfig = z.infer<typeof PaymentConfig>;

export const WebhookResponse = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
});
export type WebhookResponse = z.infer<typeof WebhookResponse>;
