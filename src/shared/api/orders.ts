import { z } from 'zod';
import { ADD_ON_KINDS } from '../add-ons';
import { AddressForm } from '../address';
import { DeliveryInfo } from '../delivery';
import { DeliveryChoiceRecord } from '../delivery-dates';
import { GiftRecord } from '../gift-options';
import { FEE_KINDS } from '../order-charges';
import { PersonalisationRecord } from '../personalisation';
import { GiftLinkStatus } from './gift-links';
import { ReturnRecord } from './returns';

/** An order id in a URL: any short string; one that is not ours is simply 'Order not found'. */
export const OrderIdParams = z.object({ id: z.string().min(1).max(100) });
export type OrderIdParams = z.infer<typeof OrderIdParams>;

/** SPEC 3 order item: product {name, image, inStock, allowPreOrder}, quantity, price (rupees). */
export const OrderItemRecord = z.object({
  /** The line's own id (decision 0078: the owner removes a line by it). */
  lineId: z.number().int(),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    image: z.string(),
    inStock: z.boolean(),
    allowPreOrder: z.boolean(),
    /** Decision 0079: its kind when it is an add-on (a greeting card carries the gift message). */
    addOnKind: z.enum(ADD_ON_KINDS).nullable(),
  }),
  quantity: z.number().int(),
  /** Unit price the shopper paid, in rupees. */
  price: z.number(),
  isPreOrder: z.boolean(),
  /** Units given back through approved returns. */
  returnedQuantity: z.number().int(),
  /** The texts and photo the shopper personalised this line with; null when none. */
  personalisation: PersonalisationRecord.nullable(),
});
export type OrderItemRecord = z.infer<typeof OrderItemRecord>;

/** One of an order's fees (decision 0072), in rupees. */
export const FeeRecord = z.object({ kind: z.enum(FEE_KINDS), label: z.string(), amount: z.number() });

/** Decision 0080: a line's quantity tier as the order took it off, in rupees ('Potli Bag, 6+ pieces: 5% off'). */
export const SavingRecord = z.object({ label: z.string(), amount: z.number() });

/** One step of the timeline the customer sees (DESIGN 4 "Status machine"). */
export const OrderEventRecord = z.object({
  status: z.string(),
  note: z.string(),
  /** Decision 0065: the owner's note kept from the customer; only the back office reads it. */
  internalNote: z.string().optional(),
  createdAt: z.string(),
});
export type OrderEventRecord = z.infer<typeof OrderEventRecord>;

/** Expected delivery as worked out when the order was placed, for its pincode. */
export const DeliveryEstimate = DeliveryInfo.omit({ serviceable: true, shipping: true });
export type DeliveryEstimate = z.infer<typeof DeliveryEstimate>;

/**
 * SPEC 3 order: id (also _id), status, createdAt (also created_at), items, totalAmount (also
 * total), shippingCost, shippingAddress. Money in rupees.
 */
export const OrderRecord = z.object({
  id: z.string(),
  _id: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  createdAt: z.string(),
  created_at: z.string(),
  paidAt: z.string().nullable(),
  items: z.array(OrderItemRecord),
  subtotal: z.number(),
  /** Decision 0080: each line's quantity tier, taken off before the coupon; empty when none. */
  quantityDiscounts: z.array(SavingRecord),
  /** The coupon's discount on the items, in rupees (0 without a coupon). */
  discount: z.number(),
  couponCode: z.string().nullable(),
  /** Every fee of the order added up (shipping, a delivery slot, cash on delivery), in rupees. */
  shippingCost: z.number(),
  /** Decision 0072: the order's fees, each on its own line, as it was charged. */
  fees: z.array(FeeRecord),
  totalAmount: z.number(),
  total: z.number(),
  currency: z.string(),
  shippingAddress: AddressForm,
  /** Decision 0066: the address and phone may still change (paid, not yet booked with the courier). */
  addressEditable: z.boolean(),
  /**
   * Decision 0085: a change of address that costs more than was paid, waiting for the customer to
   * pay the difference (rupees) through the provider order named here until `expiresAt`; null
   * when none waits. Nothing of the order changes until it is paid.
   */
  pendingAddressChange: z
    .object({
      address: AddressForm,
      delivery: z.object({ date: z.string(), slot: z.string() }).nullable(),
      difference: z.number(),
      providerOrderId: z.string(),
      expiresAt: z.string(),
      requestedBy: z.enum(['customer', 'admin']),
    })
    .nullable()
    .optional(),
  events: z.array(OrderEventRecord),
  deliveryEstimate: DeliveryEstimate.nullable(),
  /** The GST tax invoice's number once the order is paid, or a cash on delivery order dispatched (decision 0050). */
  invoiceNumber: z.string().nullable(),
  /** SPEC 1's 7-day return: until when a change of mind may be returned (7 days after delivery), else null. */
  returnableUntil: z.string().nullable(),
  /**
   * Decision 0051: when a delivered (or partly returned) order was last delivered, else null: a
   * defective, damaged, wrong or late item may be returned for the owner's `faultReturnDays` after.
   */
  deliveredAt: z.string().nullable(),
  returns: z.array(ReturnRecord),
  /** The gift message and "hide prices" chosen at checkout; null when not a gift. */
  gift: GiftRecord.nullable(),
  /** The delivery date and slot chosen at checkout; null when none was. */
  delivery: DeliveryChoiceRecord.nullable(),
  /** A quote the owner sent as a payable link; its page is /quote/:id. */
  isQuote: z.boolean(),
  /**
   * Until when a checkout order still waiting for payment can be paid (its expiry), so
   * My Orders offers 'Complete payment' and 'Cancel order' until then; null for any other order
   * (paid, cancelled, or a quote, which is paid from its own page).
   */
  payableUntil: z.string().nullable(),
  /**
   * Decision 0042: a cash on delivery order's fee (one of its fees) and the rupees the courier
   * collects (the total); collected once the courier delivered it. Null for an order paid online.
   */
  cashOnDelivery: z.object({ fee: z.number(), toCollect: z.number(), collected: z.boolean() }).nullable(),
  /** Decision 0064: a cash on delivery order still waiting for the customer's reply of YES. */
  awaitingCodYes: z.boolean(),
  /**
   * Decision 0081: a gift sent by link: its recipient's name, the link's state and the delivery
   * date once chosen. Its sender's view never carries the address (shippingAddress is left empty).
   */
  giftLink: GiftLinkStatus.nullable().optional(),
});
export type OrderRecord = z.infer<typeof OrderRecord>;

/** GET /orders/my-orders: SPEC 7 'list in data', newest first. */
export const OrderListResponse = z.object({ data: z.array(OrderRecord) });
export type OrderListResponse = z.infer<typeof OrderListResponse>;
