import { and, asc, desc, eq, gt, isNull, lte, not, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderRecord } from '../../../shared/api/orders';
import {
  type CashOrderResponse,
  type CreateOrderPayload,
  type CreateOrderResponse,
  PAYMENT_MESSAGES,
  type PlaceOrderResponse,
  tooManyUnpaidOrdersMessage,
} from '../../../shared/api/payments';
import {
  COD_CONFIRM_MESSAGES,
  type CodFacts,
  type CodRules,
  codConfirmationDue,
} from '../../../shared/cash-on-delivery';
import { tierPricedLine } from '../../../shared/coupon';
import type { DeliveryInfo } from '../../../shared/delivery';
import { deliveryChoiceProblem } from '../../../shared/delivery-dates';
import { deliveryRefusal } from '../../../shared/delivery-rules';
import { GIFT_LINK_MESSAGES, giftLinkSlotFeePaise, giftLinkTimedFeePaise } from '../../../shared/gift-links';
import { giftColumnsOf } from '../../../shared/gift-options';
import { linesTotalPaise, type Paise, toPaise, toRupees } from '../../../shared/money';
import { cancellationRefundNote } from '../../../shared/money-ledger';
import {
  chargeSummary,
  chargesTotalPaise,
  type FeeCharge,
  feesOf,
  type OrderChoices,
  orderCharges,
} from '../../../shared/order-charges';
import { PAID_CANCEL_MESSAGES, shopperMayCancelPaid } from '../../../shared/order-status';
import { tierSaving } from '../../../shared/quantity-tier-rules';
import { quoteShippingPaise, type ReadDeliveryCharges } from '../../../shared/shipping';
import type { TimedSlotRule } from '../../../shared/timed-slots';
import type { Clock } from '../../clock';
import type { Db, Queryable, Tx } from '../../db/client';
import { violatedConstraint } from '../../db/sql-helpers';
import { conflict, invalid, notFound } from '../../errors';
import { lockAccount } from '../auth';
import type { AppliedCoupon, CouponService } from '../coupons';
import { slotFeeOf, windowColumnsOf, withdrawnSlotMessage } from '../delivery-slots';
import { markRefundDue } from '../money-ledger';
import {
  checkoutDefaults,
  consentFor,
  type ReadNotifyDefaults,
  recordCheckoutConsents,
} from '../notifications';
import type { PaymentProvider } from '../payment-providers';
import { COD_PLACED_NOTE, openCodOrder, type ReadCodRules } from './cod-orders';
import { recordStatus } from './order-events';
import { orderByIdempotencyKey } from './order-lookups';
import { priceOrderLines } from './order-pricing';
import { isSameRequest } from './order-replay';
import { estimateOf, type OrderRow } from './order-rows';
import { insertPendingOrder, type PendingOrderColumns, type PendingOrderLine } from './pending-order';
import { releaseReservation } from './stock';
import { orders } from './tables';

/**
 * The priced lines as an order stores them, each with its discounts: its quantity tier's saving
 * and its share of the coupon's (decision 0080).
 */
const pendingLinesOf = (
  lines: readonly (Awaited<ReturnType<typeof priceOrderLines>>[number] & {
    tier: ReturnType<typeof tierSaving>;
  })[],
  coupon: AppliedCoupon | null,
): PendingOrderLine[] =>
  lines.map((line, index) => ({
    productId: line.productId,
    name: line.name,
    image: line.image,
    pricePaise: line.pricePaise,
    discountPaise: (line.tier?.savingPaise ?? 0) + (coupon?.lineDiscountsPaise[index] ?? 0),
    quantityTier: line.tier?.tier ?? null,
    tierDiscountPaise: line.tier?.savingPaise ?? 0,
    quantity: line.quantity,
    isPreOrder: line.isPreOrder,
    personalisation: line.personalisation,
  }));

/** Delivery for a pincode from the delivery engine (app.delivery), and whether it is in the same-day area. */
export type DeliveryLookup = (
  pincode: string,
  options: { isPreOrder: boolean },
) => Promise<{ info: DeliveryInfo; inSameDayArea: boolean }>;

export const ORDER_EXPIRED_NOTE = 'Payment not received in time';
export const ORDER_CANCELLED_BY_CUSTOMER_NOTE = 'Cancelled by the customer before payment';

/** Decision 0042: the cash-on-delivery module's part in placing and cancelling a COD order. */
export type CashOnDeliveryHooks = {
  /** Create-order's check: a conflict saying why these rules refuse this account's order. */
  refuse: (
    runner: Queryable,
    rules: CodRules,
    userId: number,
    order: Omit<CodFacts, 'phoneVerified' | 'openCodOrder'>,
  ) => Promise<void>;
  /** In the transaction that places the order: its announcements, and a large one's YES asked for. */
  placed: (tx: Tx, order: OrderRow, now: Date, options: { awaitingYes: boolean }) => Promise<void>;
  /** The shopper's cancel of an order the courier does not have yet. */
  cancel: (order: OrderRow) => Promise<void>;
};
const ORDER_PLACED_NOTE = 'Order placed. Waiting for payment.';

// A uuid, checked before it reaches a uuid column (where anything else is a database error).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isOrderId = (value: string) => UUID.test(value);

// SPEC 2 "My Orders" has no paging; this bounds one answer for a very loyal shopper.
const MY_ORDERS_LIMIT = 200;
const SWEEP_BATCH = 200;

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
  deliveryCharges,
  timedSlots,
  codRules,
  lookupDelivery,
  expiryMinutes,
  maxUnpaidOrders,
  photoExists,
  notifyDefaults,
  cashOnDelivery,
  refundOrder,
  mailStatus,
  onStockChanged = () => {},
  recordsOf,
  isQuoted,
  unmetPoolOrder,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  coupons: CouponService;
  /** The owner's charges in force, read for every order. */
  deliveryCharges: ReadDeliveryCharges;
  /** Decision 0073: the owner's timed delivery slots, whose fee and window an order may take. */
  timedSlots: () => Promise<TimedSlotRule[]>;
  /** Decision 0042: the owner's cash on delivery rules in force, read for every COD order. */
  codRules: ReadCodRules;
  lookupDelivery: DeliveryLookup;
  expiryMinutes: number;
  /** Fair stock: orders one account may hold waiting for payment at a time. */
  maxUnpaidOrders: number;
  /** Whether a personalisation photo reference names a stored upload. */
  photoExists: (reference: string) => Promise<boolean>;
  /** The order-news channels an order gets when the shopper did not choose. */
  notifyDefaults: ReadNotifyDefaults;
  /** Decision 0042: the cash-on-delivery module's rules of a COD order (a paid one is told of when paid). */
  cashOnDelivery: CashOnDeliveryHooks;
  /** Decision 0051: the payments module's refund of what is due on an order (after the commit). */
  refundOrder: (orderId: string) => Promise<unknown>;
  /** The status e-mail, queued in the transaction that cancels a paid order. */
  mailStatus: (tx: Tx, row: OrderRow, to: string, note: string, now: Date) => Promise<void>;
  /** Told after stock changes commit, so cached catalogue answers show the new stock. */
  onStockChanged?: () => void;
  /** The order-records module's: orders as the shopper's pages show them (SPEC 3). */
  recordsOf: (db: Db, rows: readonly OrderRow[]) => Promise<OrderRecord[]>;
  /**
   * Conditions on an order the quotes and group-gifts modules give from their own tables
   * (decision 0094), passed in as they import this module: a quote's order is the owner's, and a
   * pool's order is its organiser's only once its total is met (decision 0084).
   */
  isQuoted: (orderId: AnyPgColumn) => SQL;
  unmetPoolOrder: (orderId: AnyPgColumn) => SQL;
}) {
  const notAnUnmetPool = () => not(unmetPoolOrder(orders.id));

  /** A retried request gets its first answer; the same key with another body is refused. */
  async function replay(existing: OrderRow, payload: CreateOrderPayload): Promise<PlaceOrderResponse> {
    const sameBody = await isSameRequest(db, existing, payload);
    if (!sameBody) throw conflict(PAYMENT_MESSAGES.idempotencyKeyReused);
    if (existing.paymentMethod === 'cod') {
      if (existing.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.orderNoLongerPending);
      return cashResponse(existing);
    }
    if (existing.status !== 'pending') {
      throw conflict(existing.paidAt ? PAYMENT_MESSAGES.alreadyPaid : PAYMENT_MESSAGES.orderNoLongerPending);
    }
    return respond(existing);
  }

  /**
   * Decision 0068: the shopper's pending online order that this attempt asks for exactly (the same
   * lines, address, total and choices), still payable: pressing Back in the payment window and
   * Pay again from checkout is the same checkout, so it gets the same order, not a second one
   * beside it in My Orders holding the same stock.
   */
  async function samePendingOrder(userId: number, payload: CreateOrderPayload): Promise<OrderRow | null> {
    const candidates = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.status, 'pending'),
          eq(orders.paymentMethod, 'online'),
          gt(orders.expiresAt, clock.now()),
          not(isQuoted(orders.id)),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(maxUnpaidOrders);
    for (const order of candidates) {
      if (await isSameRequest(db, order, payload)) return order;
    }
    return null;
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
      paymentMethod: 'online',
    };
  }

  const cashResponse = (order: OrderRow): CashOrderResponse => ({
    paymentMethod: 'cod',
    orderId: order.id,
    orderNumber: order.orderNumber,
    totalAmount: toRupees(order.totalPaise),
  });

  /**
   * The order's price from database rows: its lines, the coupon worked out again (never taken
   * from the client), shipping on the cart's value before the discount, as the cart quoted it, and
   * the chosen slot's fee, priced by the one model of an order's money (decision 0072).
   */
  async function priceCheckout(
    userId: number,
    payload: Pick<CreateOrderPayload, 'items' | 'couponCode' | 'delivery'>,
    /** Decision 0081: a gift link pays the largest slot fee its allowed slots can cost. */
    allowedSlots?: readonly string[],
  ) {
    const lines = (await priceOrderLines(db, payload, photoExists)).map((line) => ({
      ...line,
      // Decision 0080: the server's own tier for the line, from the product's row.
      tier: tierSaving(line.pricePaise, line.quantityTiers, line.quantity),
    }));
    const subtotalPaise = linesTotalPaise(
      lines.map((line) => ({ unitPaise: line.pricePaise, quantity: line.quantity })),
    );
    // A coupon takes its share of what the lines cost after their tiers.
    const coupon: AppliedCoupon | null = payload.couponCode
      ? await coupons.apply(userId, payload.couponCode, lines.map(tierPricedLine))
      : null;
    const charges = await deliveryCharges();
    const slots = await timedSlots();
    const slotFee = slotFeeOf(payload.delivery, charges.midnightSlotFeePaise, slots);
    const choices: OrderChoices = {
      lines: lines.map((line) => ({
        label: line.name,
        unitPaise: line.pricePaise,
        quantity: line.quantity,
        tiers: line.quantityTiers,
      })),
      discountPaise: coupon?.discountPaise ?? 0,
      shippingPaise: quoteShippingPaise(subtotalPaise, charges.shippingRules).shippingFeePaise,
      ...(allowedSlots
        ? {
            slotFeePaise: giftLinkSlotFeePaise(
              allowedSlots,
              charges.midnightSlotFeePaise,
              giftLinkTimedFeePaise(slots) ?? 0,
            ),
          }
        : { slotFeePaise: slotFee.paise, ...(slotFee.label ? { slotFeeLabel: slotFee.label } : {}) }),
    };
    return {
      lines,
      coupon,
      /** The lines as the order stores them, with their discounts. */
      orderLines: pendingLinesOf(lines, coupon),
      /** The owner's timed slots as read for this price, for the choice's check and its window. */
      timedSlots: slots,
      /** The charges with cash on delivery's fee when it is chosen: what the order costs. */
      chargesWith: (cashOnDeliveryPaise?: Paise) => orderCharges({ ...choices, cashOnDeliveryPaise }),
      /** What the COD maximum applies to: the order before the COD fee. */
      valuePaise: chargesTotalPaise(orderCharges(choices)),
      codFacts: {
        hasPreOrder: lines.some((line) => line.isPreOrder),
        hasPersonalised: lines.some((line) => line.personalisation !== null),
        isQuote: false,
      },
    };
  }

  /**
   * The delivery an order to this pincode gets now: refused where the store does not deliver (the
   * rule checkout disables Proceed to Payment with, so not met there), and the chosen date and slot
   * checked again with the server's clock (the page may have been open past 2 PM, or past a timed
   * window's cut-off, decision 0073). The path tells the payment page to offer the dates again.
   */
  async function checkDelivery(
    pincode: string,
    choice: CreateOrderPayload['delivery'],
    priced: Pick<Awaited<ReturnType<typeof priceCheckout>>, 'codFacts' | 'timedSlots'>,
    now: Date,
  ): Promise<DeliveryInfo> {
    const check = await lookupDelivery(pincode, { isPreOrder: priced.codFacts.hasPreOrder });
    const refusal = deliveryRefusal(check.info);
    if (refusal) throw conflict(refusal);
    const choiceProblem = choice
      ? deliveryChoiceProblem(choice, check, now, { slots: priced.timedSlots, pincode })
      : null;
    if (choiceProblem) throw invalid(choiceProblem, [{ path: 'delivery', message: choiceProblem }]);
    return check.info;
  }

  /**
   * One account never holds more than maxUnpaidOrders checkout orders waiting for payment (quotes
   * are the owner's, not counted); an open cash on delivery order is one (decision 0054). The
   * account's row is locked first, so two orders sent at once are counted one after the other, on
   * every instance.
   */
  async function refuseBeyondUnpaidLimit(tx: Tx, userId: number, now: Date) {
    await lockAccount(tx, userId);
    const unpaid = await tx
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          or(and(eq(orders.status, 'pending'), gt(orders.expiresAt, now)), openCodOrder()),
          not(isQuoted(orders.id)),
        ),
      )
      .orderBy(asc(orders.createdAt));
    if (unpaid.length >= maxUnpaidOrders) {
      throw conflict(tooManyUnpaidOrdersMessage(unpaid.map((row) => row.orderNumber)));
    }
  }

  /** Cancels a pending order and gives back at once what it held: its stock and its coupon use. */
  async function cancelPending(
    tx: Tx,
    orderId: string,
    event: { note: string; actor?: 'system' | 'customer'; now: Date; dueBy?: Date },
  ): Promise<boolean> {
    const [row] = await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: event.now })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'pending'),
          ...(event.dueBy ? [lte(orders.expiresAt, event.dueBy)] : []),
        ),
      )
      .returning({ id: orders.id });
    if (!row) return false;
    await releaseReservation(tx, orderId);
    await coupons.release(tx, orderId);
    await recordStatus(tx, {
      orderId,
      status: 'cancelled',
      note: event.note,
      actor: event.actor,
      at: event.now,
    });
    return true;
  }

  /**
   * Decision 0051: the shopper cancels an order they paid for online until it is packed. The
   * move is conditional on the status read (a packing or a second cancel meanwhile wins), and the
   * same transaction puts the stock back, marks the whole payment due for refund and mails the
   * customer its amount; then the provider is asked once (a refund it does not take is retried by
   * the sweep), as the back office's cancellation does.
   */
  async function cancelPaidOrder(order: OrderRow): Promise<void> {
    if (!shopperMayCancelPaid(order.status)) throw conflict(PAID_CANCEL_MESSAGES.tooLate);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
        .returning({ id: orders.id });
      if (!changed) throw conflict(PAID_CANCEL_MESSAGES.changed);
      await releaseReservation(tx, order.id);
      const refundPaise = await markRefundDue(tx, order.id, 'cancelled');
      await recordStatus(tx, {
        orderId: order.id,
        status: 'cancelled',
        note: ORDER_CANCELLED_BY_CUSTOMER_NOTE,
        actor: 'customer',
        at: now,
      });
      await mailStatus(
        tx,
        order,
        'cancelled',
        refundPaise > 0 ? cancellationRefundNote(refundPaise) : '',
        now,
      );
    });
    await refundOrder(order.id);
  }

  /** An unpaid online order waits this long for its payment, then the sweep cancels it. */
  const paymentDueBy = (now: Date) => new Date(now.getTime() + expiryMinutes * 60 * 1000);

  /**
   * An order waiting for online payment, placed in the caller's transaction (a gift link's beside
   * its link, decision 0081) from what priceCheckout priced: its stock held until it is paid or
   * expires, and the coupon's use counted with it.
   */
  async function placeOnlineOrder(
    tx: Tx,
    userId: number,
    {
      order,
      lines,
      fees,
      coupon,
    }: {
      order: Omit<PendingOrderColumns, 'userId' | 'couponCode' | 'provider' | 'paymentMethod' | 'expiresAt'>;
      lines: readonly PendingOrderLine[];
      fees: readonly FeeCharge[];
      coupon: AppliedCoupon | null;
    },
    now: Date,
  ): Promise<OrderRow> {
    const created = await insertPendingOrder(tx, {
      order: {
        ...order,
        userId,
        couponCode: coupon?.code ?? null,
        provider: provider.name,
        paymentMethod: 'online',
        expiresAt: paymentDueBy(now),
      },
      lines,
      fees,
      note: ORDER_PLACED_NOTE,
      now,
    });
    if (coupon) await coupons.redeem(tx, coupon, created.id, userId);
    return created;
  }

  async function createOrder(
    userId: number,
    payload: CreateOrderPayload,
    idempotencyKey?: string,
  ): Promise<PlaceOrderResponse> {
    const cod = payload.paymentMethod === 'cod';
    if (idempotencyKey) {
      const existing = await orderByIdempotencyKey(db, userId, idempotencyKey);
      if (existing) return replay(existing, payload);
      // A checkout's attempt (the web always sends a key); a keyless call is a new order as before.
      const pending = cod ? null : await samePendingOrder(userId, payload);
      if (pending) return respond(pending);
    }

    const priced = await priceCheckout(userId, payload);
    const { coupon } = priced;
    const rules = cod ? await codRules() : null;
    const address = payload.shippingAddress;
    // Decision 0042: judged before the total, so a refused COD order hears why, not "prices changed";
    // judged again below under the account's lock.
    const refuseCod = async (runner: Queryable) => {
      if (!rules) return;
      const facts = { ...priced.codFacts, orderValuePaise: priced.valuePaise, pincode: address.postalCode };
      await cashOnDelivery.refuse(runner, rules, userId, facts);
    };
    await refuseCod(db);
    const charges = priced.chargesWith(rules?.feePaise);
    const { subtotalPaise, discountPaise, totalPaise } = chargeSummary(charges);
    // Decision 0064: a large COD order waits for the customer's reply of YES before it is booked.
    const awaitingYes = rules !== null && codConfirmationDue(rules, totalPaise);
    const withdrawn = withdrawnSlotMessage(payload.delivery, priced.timedSlots);
    if (withdrawn) throw invalid(withdrawn, [{ path: 'delivery', message: withdrawn }]);
    // DESIGN 4: the amount comes from database prices; a client total that disagrees is refused.
    if (toPaise(payload.totalAmount) !== totalPaise) throw conflict(PAYMENT_MESSAGES.pricesChanged);

    // Decision 0033: the owner's defaults as set now, for an order whose shopper did not choose; never
    // WhatsApp (decision 0062).
    const defaults = checkoutDefaults(await notifyDefaults());
    const now = clock.now();
    const delivery = await checkDelivery(address.postalCode, payload.delivery, priced, now);

    let order: OrderRow;
    try {
      order = await db.transaction(async (tx) => {
        await refuseBeyondUnpaidLimit(tx, userId, now);
        await refuseCod(tx);
        const created = await insertPendingOrder(tx, {
          order: {
            userId,
            subtotalPaise,
            discountPaise,
            couponCode: coupon?.code ?? null,
            ...giftColumnsOf(payload.giftOptions),
            notify: consentFor(payload.notify, defaults, {
              phone: address.phone,
              isGift: payload.giftOptions !== undefined,
            }),
            deliveryDate: payload.delivery?.date ?? null,
            deliverySlot: payload.delivery?.slot ?? null,
            ...windowColumnsOf(payload.delivery, priced.timedSlots),
            totalPaise,
            shippingAddress: address,
            deliveryEstimate: estimateOf(delivery),
            idempotencyKey: idempotencyKey ?? null,
            provider: provider.name,
            paymentMethod: cod ? 'cod' : 'online',
            // A COD order reserves its stock until it ships (or, unshipped, for the owner's hours:
            // expireUnshippedCodOrders), then until it is delivered or comes back.
            expiresAt: cod ? null : paymentDueBy(now),
          },
          lines: priced.orderLines,
          fees: feesOf(charges),
          note: awaitingYes ? COD_CONFIRM_MESSAGES.placedAwaiting : cod ? COD_PLACED_NOTE : ORDER_PLACED_NOTE,
          now,
          status: cod ? 'confirmed' : 'pending',
        });
        if (coupon) await coupons.redeem(tx, coupon, created.id, userId);
        if (cod) await cashOnDelivery.placed(tx, created, now, { awaitingYes });
        // Decision 0062: what the shopper ticked is written to the consent ledger with the order.
        await recordCheckoutConsents(tx, userId, payload.notify, payload.marketing, now);
        return created;
      });
    } catch (error) {
      // The same key sent twice at once: the second insert meets the first's row; answer with it.
      if (idempotencyKey && violatedConstraint(error) === 'orders_user_idempotency_idx') {
        const existing = await orderByIdempotencyKey(db, userId, idempotencyKey);
        if (existing) return replay(existing, payload);
      }
      throw error;
    }
    onStockChanged();
    return cod ? cashResponse(order) : respond(order);
  }

  async function ownOrder(userId: number, orderId: string): Promise<OrderRow> {
    const [row] = isOrderId(orderId)
      ? await db
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.userId, userId), notAnUnmetPool()))
          .limit(1)
      : [];
    // DESIGN 5: another user's order is 'not found', never 'forbidden'.
    if (!row) throw notFound(PAYMENT_MESSAGES.orderNotFound);
    return row;
  }

  async function getOrder(userId: number, orderId: string): Promise<OrderRecord> {
    const [record] = await recordsOf(db, [await ownOrder(userId, orderId)]);
    if (!record) throw notFound(PAYMENT_MESSAGES.orderNotFound);
    return record;
  }

  return {
    createOrder,
    priceCheckout,
    checkDelivery,
    refuseBeyondUnpaidLimit,
    placeOnlineOrder,
    ownOrder,
    /** The provider's order for a pending order of ours, as create-order answers it (quotes too). */
    startPayment: respond,

    getOrder,

    /**
     * 'Complete payment' of an order still waiting for it (My Orders, its confirmation
     * page): the provider's order again, as create-order answered it, until the order expires.
     */
    async resumePayment(userId: number, orderId: string): Promise<CreateOrderResponse> {
      const order = await ownOrder(userId, orderId);
      if (order.paidAt) throw conflict(PAYMENT_MESSAGES.alreadyPaid);
      // Decision 0090: a batch's order is paid by the batch's one payment, never alone.
      if (order.giftBatchId) throw conflict(GIFT_LINK_MESSAGES.paidWithBatch);
      const expired = order.expiresAt !== null && order.expiresAt.getTime() <= clock.now().getTime();
      if (order.status !== 'pending' || expired) throw conflict(PAYMENT_MESSAGES.orderNoLongerPending);
      return respond(order);
    },

    /**
     * The shopper cancels an order still waiting for payment, one paid online not yet packed
     * (refunded in full), or a cash on delivery order not yet with the courier; its stock is free
     * again at once (and an unpaid order's coupon). A payment that arrives for a
     * cancelled pending order later is treated as one for an expired order.
     */
    async cancelOrder(userId: number, orderId: string): Promise<OrderRecord> {
      const order = await ownOrder(userId, orderId);
      if (order.paymentMethod === 'cod') {
        await cashOnDelivery.cancel(order);
        onStockChanged();
        return getOrder(userId, order.id);
      }
      if (order.paidAt !== null) {
        await cancelPaidOrder(order);
        onStockChanged();
        return getOrder(userId, order.id);
      }
      const cancelled = await db.transaction((tx) =>
        cancelPending(tx, order.id, {
          note: ORDER_CANCELLED_BY_CUSTOMER_NOTE,
          actor: 'customer',
          now: clock.now(),
        }),
      );
      if (!cancelled) throw conflict(PAYMENT_MESSAGES.orderNoLongerPending);
      onStockChanged();
      return getOrder(userId, order.id);
    },

    async listOrders(userId: number): Promise<OrderRecord[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), notAnUnmetPool()))
        .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
        .limit(MY_ORDERS_LIMIT);
      return recordsOf(db, rows);
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
        const cancelled = await db.transaction((tx) =>
          cancelPending(tx, id, { note: ORDER_EXPIRED_NOTE, now, dueBy: now }),
        );
        if (cancelled) expired++;
      }
      if (expired > 0) onStockChanged();
      return expired;
    },
  };
}
