import { and, asc, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { AddressForm } from '../../../shared/address';
import type { OrderRecord } from '../../../shared/api/orders';
import {
  type CreateOrderPayload,
  type CreateOrderResponse,
  noLongerAvailableMessage,
  onlyLeftMessage,
  orderLineKey,
  outOfStockMessage,
  PAYMENT_MESSAGES,
  preOrderOnlyMessage,
  quantityRangeMessage,
} from '../../../shared/api/payments';
import { DEFAULT_MIN_QUANTITY, MAX_QUANTITY } from '../../../shared/cart-rules';
import type { DeliveryInfo } from '../../../shared/delivery';
import { type DeliveryChoice, deliveryChoiceProblem } from '../../../shared/delivery-dates';
import { DELIVERY_MESSAGES } from '../../../shared/delivery-rules';
import { giftColumnsOf } from '../../../shared/gift-options';
import { toPaise, toRupees } from '../../../shared/money';
import {
  checkPersonalisation,
  PERSONALISATION_MESSAGES,
  type PersonalisationRecord,
  personalisationKey,
} from '../../../shared/personalisation-rules';
import { quoteShippingPaise, type ShippingRules } from '../../../shared/shipping';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { orderEvents, orderItems, orders, products } from '../../db/schema';
import { violatedConstraint } from '../../db/sql-helpers';
import { conflict, invalid, notFound } from '../../errors';
import type { AppliedCoupon, CouponService } from '../coupons';
import type { PaymentProvider } from '../payment-providers';
import { addressOf, estimateOf, nextOrderNumber, type OrderRow, orderRecordsOf } from './order-records';
import { releaseReservation, reserveStock } from './stock';

/** Delivery for a pincode from the delivery engine (app.delivery), and whether it is in the same-day area. */
export type DeliveryLookup = (
  pincode: string,
  options: { isPreOrder: boolean },
) => Promise<{ info: DeliveryInfo; inSameDayArea: boolean }>;

export const ORDER_EXPIRED_NOTE = 'Payment not received in time';
const ORDER_PLACED_NOTE = 'Order placed. Waiting for payment.';

// A uuid, checked before it reaches a uuid column (where anything else is a database error).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isOrderId = (value: string) => UUID.test(value);

// SPEC 2 "My Orders" has no paging; this bounds one answer for a very loyal shopper.
const MY_ORDERS_LIMIT = 200;
const SWEEP_BATCH = 200;

const sameAddress = (a: AddressForm, b: AddressForm) =>
  a.fullName === b.fullName &&
  a.address === b.address &&
  a.city === b.city &&
  a.postalCode === b.postalCode &&
  a.phone === b.phone;

type GiftColumns = Pick<OrderRow, 'giftMessage' | 'hidePrices' | 'giftRecipientEmail'>;
const sameGift = (a: GiftColumns, b: GiftColumns) =>
  a.giftMessage === b.giftMessage &&
  a.hidePrices === b.hidePrices &&
  a.giftRecipientEmail === b.giftRecipientEmail;

const sameDeliveryChoice = (
  choice: DeliveryChoice | undefined,
  row: Pick<OrderRow, 'deliveryDate' | 'deliverySlot'>,
) => (choice?.date ?? null) === row.deliveryDate && (choice?.slot ?? null) === row.deliverySlot;

/** The values a stored line was made from, to compare a retried request's lines with. */
const valuesOfRecord = (record: PersonalisationRecord) => ({
  text: Object.fromEntries(record.fields.map((field) => [field.label, field.value])),
  photo: record.photo,
});

export type OrderService = ReturnType<typeof createOrderService>;

/**
 * Orders (DESIGN 4 "Orders, stock and payment"): the server prices every order from its own rows,
 * reserves stock in the order's transaction, creates the provider's order after it, and releases
 * unpaid orders' stock exactly once when they expire.
 */
export function createOrderService({
  db,
  clock,
  provider,
  coupons,
  shippingRules,
  lookupDelivery,
  midnightSlotFeePaise,
  expiryMinutes,
  photoExists,
  onStockChanged = () => {},
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  coupons: CouponService;
  shippingRules: ShippingRules;
  lookupDelivery: DeliveryLookup;
  /** Issue 13: the extra charge of the midnight delivery slot. */
  midnightSlotFeePaise: number;
  expiryMinutes: number;
  /** Issue 13: whether a personalisation photo reference names a stored upload. */
  photoExists: (reference: string) => Promise<boolean>;
  /** Told after stock changes commit, so cached catalogue answers show the new stock. */
  onStockChanged?: () => void;
}) {
  async function findByIdempotencyKey(userId: number, key: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
      .limit(1);
    return row;
  }

  /** A retried request gets its first answer; the same key with another body is refused. */
  async function replay(existing: OrderRow, payload: CreateOrderPayload): Promise<CreateOrderResponse> {
    const lines = await db
      .select({
        productId: orderItems.productId,
        quantity: orderItems.quantity,
        personalisation: orderItems.personalisation,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, existing.id));
    const sent = new Map(payload.items.map((item) => [orderLineKey(item), item.quantity]));
    const storedKey = (line: (typeof lines)[number]) =>
      `${line.productId}|${personalisationKey(line.personalisation ? valuesOfRecord(line.personalisation) : null)}`;
    const sameBody =
      lines.length === sent.size &&
      lines.every((line) => sent.get(storedKey(line)) === line.quantity) &&
      toPaise(payload.totalAmount) === existing.totalPaise &&
      (payload.couponCode ?? null) === existing.couponCode &&
      sameGift(giftColumnsOf(payload.giftOptions), existing) &&
      sameDeliveryChoice(payload.delivery, existing) &&
      sameAddress(payload.shippingAddress, addressOf(existing));
    if (!sameBody) throw conflict(PAYMENT_MESSAGES.idempotencyKeyReused);
    if (existing.status !== 'pending') {
      throw conflict(existing.paidAt ? PAYMENT_MESSAGES.alreadyPaid : PAYMENT_MESSAGES.orderNoLongerPending);
    }
    return respond(existing);
  }

  /**
   * The provider's order is made after ours is committed (no network call holds a transaction).
   * If two requests race here, the first stored id wins and both answer with it.
   */
  async function ensureProviderOrder(order: OrderRow): Promise<string> {
    if (order.providerOrderId) return order.providerOrderId;
    const created = await provider.createOrder({
      amountPaise: order.totalPaise,
      receipt: order.orderNumber,
      notes: { orderId: order.id, orderNumber: order.orderNumber },
    });
    const [stored] = await db
      .update(orders)
      .set({ providerOrderId: created.id, updatedAt: clock.now() })
      .where(and(eq(orders.id, order.id), isNull(orders.providerOrderId)))
      .returning({ providerOrderId: orders.providerOrderId });
    if (stored?.providerOrderId) return stored.providerOrderId;
    const [current] = await db
      .select({ providerOrderId: orders.providerOrderId })
      .from(orders)
      .where(eq(orders.id, order.id));
    if (!current?.providerOrderId) throw new Error(`Order ${order.id} has no provider order`);
    return current.providerOrderId;
  }

  async function respond(order: OrderRow): Promise<CreateOrderResponse> {
    const providerOrderId = await ensureProviderOrder(order);
    return {
      order: { id: providerOrderId, amount: order.totalPaise, currency: 'INR' },
      orderId: order.id,
      orderNumber: order.orderNumber,
      totalAmount: toRupees(order.totalPaise),
      keyId: provider.keyId,
      provider: provider.name,
    };
  }

  /** Prices, stock and pre-order status of every line from the database, or a readable refusal. */
  async function priceLines(payload: CreateOrderPayload) {
    const ids = payload.items.map((item) => item.productId);
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        image: products.image,
        pricePaise: products.pricePaise,
        categoryId: products.categoryId,
        stock: products.stock,
        allowPreOrder: products.allowPreOrder,
        minQuantity: products.minQuantity,
        archived: products.archived,
        personalisation: products.personalisation,
      })
      .from(products)
      .where(inArray(products.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Lines of one product personalised differently draw on the same stock.
    const wanted = new Map<number, number>();
    for (const item of payload.items)
      wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);

    const priced = payload.items.map((item, index) => {
      const product = byId.get(item.productId);
      if (!product || product.archived) {
        throw conflict(noLongerAvailableMessage(product?.name ?? 'A product in your cart'));
      }
      // SPEC 5: quantity from minQuantity to 10 (a minimum above 10 is capped, as the cart does).
      const min = Math.min(Math.max(product.minQuantity, DEFAULT_MIN_QUANTITY), MAX_QUANTITY);
      if (item.quantity < min) throw invalid(quantityRangeMessage(product.name, min));

      const personalisation = checkPersonalisation(product.personalisation, item.personalisation);
      if (!personalisation.ok) {
        const [first] = personalisation.problems;
        throw invalid(
          `${product.name}: ${first?.message ?? PERSONALISATION_MESSAGES.notPersonalisable}`,
          personalisation.problems.map((problem) => ({
            path: `items.${index}.personalisation.${problem.field}`,
            message: problem.message,
          })),
        );
      }

      let isPreOrder = false;
      const units = wanted.get(product.id) ?? item.quantity;
      if (product.stock < units) {
        if (product.stock > 0) throw conflict(onlyLeftMessage(product.name, product.stock));
        if (!product.allowPreOrder) throw conflict(outOfStockMessage(product.name));
        // SPEC 4: out of stock with pre-order allowed. The shopper must have seen it as a pre-order
        // (a longer wait), not as in stock.
        if (item.inStock !== false) throw conflict(preOrderOnlyMessage(product.name));
        isPreOrder = true;
      }
      return {
        productId: product.id,
        name: product.name,
        image: product.image,
        pricePaise: product.pricePaise,
        categoryId: product.categoryId,
        quantity: item.quantity,
        isPreOrder,
        personalisation: personalisation.record,
      };
    });
    // Photos are looked up once the cheap checks have passed.
    for (const [index, line] of priced.entries()) {
      const photo = line.personalisation?.photo;
      if (photo && !(await photoExists(photo))) {
        throw invalid(`${line.name}: ${PERSONALISATION_MESSAGES.photoMissing}`, [
          { path: `items.${index}.personalisation.photo`, message: PERSONALISATION_MESSAGES.photoMissing },
        ]);
      }
    }
    return priced;
  }

  async function createOrder(
    userId: number,
    payload: CreateOrderPayload,
    idempotencyKey?: string,
  ): Promise<CreateOrderResponse> {
    if (idempotencyKey) {
      const existing = await findByIdempotencyKey(userId, idempotencyKey);
      if (existing) return replay(existing, payload);
    }

    const lines = await priceLines(payload);
    // DESIGN 4: the amount comes from database prices; a client total that disagrees is refused.
    const subtotalPaise = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
    // Issue 14: the coupon is checked and its discount worked out again here, never taken from
    // the client. Shipping follows the cart's value before the discount, as the cart quoted it.
    const coupon: AppliedCoupon | null = payload.couponCode
      ? await coupons.apply(userId, payload.couponCode, lines)
      : null;
    const discountPaise = coupon?.discountPaise ?? 0;
    // Issue 13: the midnight slot's fee is a delivery charge, so it is part of the shipping.
    const slotFeePaise = payload.delivery?.slot === 'midnight' ? midnightSlotFeePaise : 0;
    const shippingPaise = quoteShippingPaise(subtotalPaise, shippingRules).shippingFeePaise + slotFeePaise;
    const totalPaise = subtotalPaise - discountPaise + shippingPaise;
    if (toPaise(payload.totalAmount) !== totalPaise) throw conflict(PAYMENT_MESSAGES.pricesChanged);

    const address = payload.shippingAddress;
    const hasPreOrder = lines.some((line) => line.isPreOrder);
    const now = clock.now();
    const check = await lookupDelivery(address.postalCode, { isPreOrder: hasPreOrder });
    const delivery = check.info;
    if (!delivery.serviceable) {
      throw conflict(
        delivery.type === 'invalid'
          ? 'Please enter a valid delivery pincode'
          : DELIVERY_MESSAGES.unserviceable,
      );
    }

    // Issue 13: the date and slot are checked again now; the page may have been open past 2 PM.
    const choiceProblem = payload.delivery ? deliveryChoiceProblem(payload.delivery, check, now) : null;
    // The path tells the payment page to offer the dates again rather than only show the message.
    if (choiceProblem) throw invalid(choiceProblem, [{ path: 'delivery', message: choiceProblem }]);

    let order: OrderRow;
    try {
      order = await db.transaction(async (tx) => {
        await reserveStock(
          tx,
          lines.filter((line) => !line.isPreOrder),
        );
        const [created] = await tx
          .insert(orders)
          .values({
            orderNumber: await nextOrderNumber(tx),
            userId,
            status: 'pending',
            subtotalPaise,
            shippingPaise,
            discountPaise,
            couponCode: coupon?.code ?? null,
            ...giftColumnsOf(payload.giftOptions),
            deliveryDate: payload.delivery?.date ?? null,
            deliverySlot: payload.delivery?.slot ?? null,
            deliverySlotFeePaise: slotFeePaise,
            totalPaise,
            currency: 'INR',
            shippingAddress: address,
            deliveryPincode: address.postalCode,
            deliveryEstimate: estimateOf(delivery),
            idempotencyKey: idempotencyKey ?? null,
            provider: provider.name,
            expiresAt: new Date(now.getTime() + expiryMinutes * 60 * 1000),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!created) throw new Error('Inserting an order returned no row');
        if (coupon) await coupons.redeem(tx, coupon, created.id, userId);
        await tx.insert(orderItems).values(
          lines.map((line, index) => ({
            orderId: created.id,
            productId: line.productId,
            name: line.name,
            image: line.image,
            pricePaise: line.pricePaise,
            discountPaise: coupon?.lineDiscountsPaise[index] ?? 0,
            quantity: line.quantity,
            isPreOrder: line.isPreOrder,
            reservedQuantity: line.isPreOrder ? 0 : line.quantity,
            personalisation: line.personalisation,
          })),
        );
        await tx
          .insert(orderEvents)
          .values({ orderId: created.id, status: 'pending', note: ORDER_PLACED_NOTE, createdAt: now });
        return created;
      });
    } catch (error) {
      // The same key sent twice at once: the second insert meets the first's row; answer with it.
      if (idempotencyKey && violatedConstraint(error) === 'orders_user_idempotency_idx') {
        const existing = await findByIdempotencyKey(userId, idempotencyKey);
        if (existing) return replay(existing, payload);
      }
      throw error;
    }
    onStockChanged();
    return respond(order);
  }

  async function ownOrder(userId: number, orderId: string): Promise<OrderRow> {
    const [row] = isOrderId(orderId)
      ? await db
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
          .limit(1)
      : [];
    // DESIGN 5: another user's order is 'not found', never 'forbidden'.
    if (!row) throw notFound(PAYMENT_MESSAGES.orderNotFound);
    return row;
  }

  return {
    createOrder,
    ownOrder,
    /** The provider's order for a pending order of ours, as create-order answers it (issue 13 quotes). */
    startPayment: respond,

    async getOrder(userId: number, orderId: string): Promise<OrderRecord> {
      const [record] = await orderRecordsOf(db, [await ownOrder(userId, orderId)]);
      if (!record) throw notFound(PAYMENT_MESSAGES.orderNotFound);
      return record;
    },

    async listOrders(userId: number): Promise<OrderRecord[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
        .limit(MY_ORDERS_LIMIT);
      return orderRecordsOf(db, rows);
    },

    /**
     * Cancels unpaid orders past their expiry and puts their stock back. Each order changes in its
     * own transaction with a conditional UPDATE on its status, so however many sweeps run at once
     * (on however many instances), an order is cancelled and released exactly once.
     */
    async expireOverdueOrders(): Promise<number> {
      const now = clock.now();
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
        .orderBy(asc(orders.expiresAt))
        .limit(SWEEP_BATCH);
      let expired = 0;
      for (const { id } of due) {
        const cancelled = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(orders)
            .set({ status: 'cancelled', updatedAt: now })
            .where(and(eq(orders.id, id), eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
            .returning({ id: orders.id });
          if (!row) return false;
          await releaseReservation(tx, id);
          await coupons.release(tx, id);
          await tx
            .insert(orderEvents)
            .values({ orderId: id, status: 'cancelled', note: ORDER_EXPIRED_NOTE, createdAt: now });
          return true;
        });
        if (cancelled) expired++;
      }
      if (expired > 0) onStockChanged();
      return expired;
    },
  };
}
