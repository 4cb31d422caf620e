import {
  and,
  asc,
  count,
  desc,
  eq,
  getViewSelectedFields,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AdminOrderDetail, AdminOrderList, AdminOrderQuery } from '../../../shared/api/admin';
import { ADMIN_PAGE_SIZE } from '../../../shared/api/admin';
import type { AdminOrderFilter } from '../../../shared/api/admin-bulk';
import { codOwesNothing } from '../../../shared/cash-on-delivery';
import { READY_TO_SHIP, SHIP_TODAY_DAYS_AHEAD } from '../../../shared/dispatch-desk';
import { giftRecordOf } from '../../../shared/gift-options';
import { addDays, indiaDateOf, indiaDayEnd, indiaDayStart } from '../../../shared/india-time';
import { toRupees } from '../../../shared/money';
import {
  cancellationRefundNote,
  type LedgerKind,
  ledgerReasonLabel,
  netPaise,
} from '../../../shared/money-ledger';
import {
  COURIER_OWNS_MESSAGE,
  canTransition,
  courierOwnsStep,
  isOrderStatus,
  isWithinReturnWindow,
  nextStatuses,
  type OrderStatus,
  orderStatusLabel,
  RETURN_WINDOW_DAYS,
} from '../../../shared/order-status';
import { may, refusalFor, type StaffRole, statusChangeNeeds } from '../../../shared/staff-roles';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/sql-helpers';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import { accountEmailOf, accountMatches, accountNameOf, accountNamesOf } from '../auth';
import { type CodSettlement, codConfirmationAwaited } from '../cash-on-delivery';
import type { CouponService } from '../coupons';
import { hasOpenShipment } from '../courier';
import { giftLinkFlaggedAt, giftLinkWaits } from '../gift-links';
import type { InvoiceService } from '../invoices';
import {
  markRefundDue,
  moneyLinesOf,
  paymentsOf,
  recordMoney,
  refundablePaiseOf,
  refundDuePaiseOf,
} from '../money-ledger';
import { mailStatusIfDue, orderRecordsOf } from '../order-records';
import {
  addressOf,
  deliveredAtOf,
  deliveryChoiceOf,
  feesByOrder,
  isOrderId,
  markOrderPaid,
  type OrderRow,
  orderOf,
  ownerNoteOf,
  recordStatus,
  releaseReservation,
  setOrderStatus,
} from '../orders';
import { isQuoted, quotedCustomerOf, quoteEmailOf } from '../quotes';
import { orderDeskRows } from './tables';

const ORDER_NOT_FOUND = 'Order not found';
export const RETURN_WINDOW_CLOSED = `The ${RETURN_WINDOW_DAYS}-day return window for this order has closed`;

/**
 * Decision 0077: the "Ship today" queue: ready to ship (paid, or COD confirmed) and due by tomorrow
 * (India dates compare as text), or with no date chosen, which ships as soon as it can.
 */
export const shipTodayWhere = (today: string): SQL =>
  and(
    inArray(orderDeskRows.status, READY_TO_SHIP),
    or(
      isNull(orderDeskRows.deliveryDate),
      lte(orderDeskRows.deliveryDate, addDays(today, SHIP_TODAY_DAYS_AHEAD)),
    ),
    // Decision 0064: a large COD order waits for the customer's YES before it is booked.
    not(codConfirmationAwaited(orderDeskRows.id)),
  )!;

/** How many orders the "Ship today" queue holds. */
export async function ordersToShipToday(db: Db, today: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orderDeskRows).where(shipTodayWhere(today));
  return row?.total ?? 0;
}

/** The midnight slot's window starts at 11 PM (DELIVERY_SLOTS.midnight). */
const MIDNIGHT_SLOT_START_MINUTE = 23 * 60;

/**
 * The order list's order: newest first, or (the queue, or asked for) by delivery date, and within
 * a day a slot with a time to meet first, the earliest time first (midnight and the timed slots),
 * then standard, then no date; the oldest order first among equals.
 */
export function orderListOrder(query: AdminOrderFilter): SQL[] {
  if (query.queue === undefined && query.sort !== 'delivery') {
    return [desc(orderDeskRows.createdAt), desc(orderDeskRows.orderNumber)];
  }
  return [
    sql`${orderDeskRows.deliveryDate} asc nulls last`,
    // Decision 0073: a day's slots with a time to meet by that time: early morning (7 AM), the
    // fixed-time windows by their start, midnight (11 PM); then standard, then no slot.
    sql`case when ${orderDeskRows.deliverySlot} = 'timed' then coalesce(${orderDeskRows.deliveryWindowStart}, ${MIDNIGHT_SLOT_START_MINUTE}) when ${orderDeskRows.deliverySlot} = 'midnight' then ${MIDNIGHT_SLOT_START_MINUTE} else null end asc nulls last`,
    sql`case when ${orderDeskRows.deliverySlot} = 'standard' then 0 else 1 end`,
    asc(orderDeskRows.createdAt),
    asc(orderDeskRows.orderNumber),
  ];
}

/**
 * The order list's filter as SQL (also "every order matching this filter" of a bulk action): the
 * status, India-time dates, and a search of the order number, the customer's name (account or
 * delivery address), e-mail and phone; over the desk's rows, the account's, the quote's and the
 * gift link's facts from their owners.
 */
export function orderListWhere(query: AdminOrderFilter, today: string): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orderDeskRows.status, query.status));
  if (query.deliveryFrom) filters.push(gte(orderDeskRows.deliveryDate, query.deliveryFrom));
  if (query.deliveryTo) filters.push(lte(orderDeskRows.deliveryDate, query.deliveryTo));
  if (query.slot) filters.push(eq(orderDeskRows.deliverySlot, query.slot));
  if (query.payment) filters.push(eq(orderDeskRows.paymentMethod, query.payment));
  if (query.queue === 'ship-today') filters.push(shipTodayWhere(today));
  // Decision 0081: a gift link's order joins the list once its recipient gave the address (or
  // declined); until then it waits in its own queue.
  const waitingLink = giftLinkWaits(orderDeskRows.id);
  // Decision 0090: a gift batch's orders are listed together, answered or waiting.
  if (query.batch) filters.push(eq(orderDeskRows.giftBatchId, query.batch));
  else {
    filters.push(
      query.queue === 'waiting-for-recipient'
        ? (and(waitingLink, eq(orderDeskRows.status, 'paid')) ?? waitingLink)
        : not(waitingLink),
    );
  }
  if (query.from) filters.push(gte(orderDeskRows.createdAt, indiaDayStart(query.from)));
  if (query.to) filters.push(lt(orderDeskRows.createdAt, indiaDayEnd(query.to)));
  if (query.q) {
    const pattern = containsPattern(query.q);
    // Phone numbers are stored as typed ('98765 43210'); compare digits, without India's +91.
    const allDigits = query.q.replace(/\D/g, '');
    const digits = allDigits.length === 12 && allDigits.startsWith('91') ? allDigits.slice(2) : allDigits;
    const found = or(
      ilike(orderDeskRows.orderNumber, pattern),
      accountMatches(orderDeskRows.userId, pattern),
      ilike(quoteEmailOf(orderDeskRows.id), pattern),
      sql`${orderDeskRows.shippingAddress}->>'fullName' ilike ${pattern}`,
      ...(digits.length >= 4
        ? [
            sql`regexp_replace(${orderDeskRows.shippingAddress}->>'phone', '\\D', '', 'g') like ${`%${digits}%`}`,
          ]
        : []),
    );
    if (found) filters.push(found);
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

export type AdminOrderService = ReturnType<typeof createAdminOrderService>;

/** The back office's side of orders: find them, read them, move them along the status machine. */
export function createAdminOrderService({
  db,
  clock,
  store,
  invoices,
  coupons,
  refundOrder,
  settleCashOnDelivery,
}: {
  db: Db;
  clock: Clock;
  store: StoreIdentity;
  invoices: InvoiceService;
  coupons: CouponService;
  /** The payments module's refund of what a cancellation made due. */
  refundOrder: (orderId: string) => Promise<{ refundedPaise: number; duePaise: number }>;
  /** Decision 0042: a COD order marked delivered is paid, one marked returned is cancelled. */
  settleCashOnDelivery: CodSettlement;
}) {
  async function orderRow(orderId: string): Promise<OrderRow> {
    const row = isOrderId(orderId) ? await orderOf(db, orderId) : null;
    if (!row) throw notFound(ORDER_NOT_FOUND);
    return row;
  }

  /**
   * Whom the order is for: its account, or for a quote nobody has claimed yet (quotes module, no
   * account) whom it was sent to, with id 0 (no account has it); null when neither is found.
   */
  async function customerOf(row: OrderRow): Promise<{ id: number; name: string; email: string } | null> {
    if (row.userId === null) {
      const quote = await quotedCustomerOf(db, row.id);
      return quote ? { id: 0, ...quote } : null;
    }
    const account = (await accountNamesOf(db, [row.userId])).get(row.userId);
    return account ? { id: row.userId, name: account.fullName, email: account.email } : null;
  }

  /**
   * The status machine's next steps, less a return once the window has closed, and (decision 0065)
   * less every step the courier's scans own once a shipment is booked.
   */
  async function allowedNext(row: OrderRow): Promise<OrderStatus[]> {
    if (!isOrderStatus(row.status)) return [];
    const from = row.status;
    const shipped = await hasOpenShipment(db, row.id);
    const next = nextStatuses(from).filter((to) => !(shipped && courierOwnsStep(from, to)));
    if (row.status !== 'delivered') return next;
    const delivered = (await deliveredAtOf(db, row.id)) ?? row.updatedAt;
    return isWithinReturnWindow(delivered, clock.now())
      ? next
      : next.filter((status) => status !== 'returned');
  }

  return {
    async list(query: AdminOrderQuery): Promise<AdminOrderList> {
      const where = orderListWhere(query, indiaDateOf(clock.now()));
      const offset = (query.page - 1) * ADMIN_PAGE_SIZE;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            order: getViewSelectedFields(orderDeskRows),
            // A quote not yet claimed has no account: its enquirer's e-mail stands in. Drizzle
            // writes a one-source select's own columns unqualified (`order_id = id` would compare
            // order_quotes with itself), so each subquery here sits inside another SQL, which
            // keeps its columns' tables.
            email: sql<string>`coalesce(${accountEmailOf(orderDeskRows.userId)}, ${quoteEmailOf(orderDeskRows.id)}, '')`,
            fullName: sql<string>`coalesce(${accountNameOf(orderDeskRows.userId)}, '')`,
            isQuote: sql<boolean>`(${isQuoted(orderDeskRows.id)})`,
          })
          .from(orderDeskRows)
          .where(where)
          .orderBy(...orderListOrder(query))
          .limit(ADMIN_PAGE_SIZE)
          .offset(offset),
        db.select({ total: count() }).from(orderDeskRows).where(where),
      ]);
      const fees = await feesByOrder(
        db,
        rows.map((row) => row.order.id),
      );
      return {
        data: rows.map(({ order, email, fullName, isQuote }) => {
          const address = addressOf(order);
          return {
            id: order.id,
            orderNumber: order.orderNumber,
            status: order.status,
            createdAt: order.createdAt.toISOString(),
            totalAmount: toRupees(order.totalPaise),
            customerName: address.fullName || fullName,
            customerEmail: email,
            phone: address.phone,
            itemCount: order.itemCount,
            isGift: giftRecordOf(order) !== null,
            delivery: deliveryChoiceOf(order, fees.get(order.id) ?? []),
            isQuote,
            giftBatchId: order.giftBatchId,
          };
        }),
        total: total?.total ?? 0,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /** `role`: decision 0076, the next statuses offered are those the role may make. */
    async detail(orderId: string, role: StaffRole | null): Promise<AdminOrderDetail> {
      const row = await orderRow(orderId);
      const [[record], customer, paymentRows, next, lines, refundable, refundDue] = await Promise.all([
        orderRecordsOf(db, [row], { staff: true }),
        customerOf(row),
        paymentsOf(db, row.id),
        allowedNext(row),
        moneyLinesOf(db, row.id),
        refundablePaiseOf(db, row.id),
        refundDuePaiseOf(db, row.id),
      ]);
      if (!record || !customer) throw notFound(ORDER_NOT_FOUND);
      const linkFlaggedAt = await giftLinkFlaggedAt(db, row.id);
      const batchOrders = row.giftBatchId
        ? await db.$count(orderDeskRows, eq(orderDeskRows.giftBatchId, row.giftBatchId))
        : 0;
      const sumOf = (kind: LedgerKind) =>
        lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amountPaise, 0);
      return {
        order: record,
        customer,
        giftBatch: row.giftBatchId ? { id: row.giftBatchId, orders: batchOrders } : null,
        giftLinkFlaggedAt: linkFlaggedAt?.toISOString() ?? null,
        nextStatuses: next.filter((to) => may(role, statusChangeNeeds(to, refundable))),
        payments: paymentRows.map((payment) => ({
          status: payment.status,
          amount: toRupees(payment.amountPaise),
          refunded: toRupees(
            payment.status === 'refunded'
              ? Math.max(payment.refundedPaise, payment.amountPaise)
              : payment.refundedPaise,
          ),
          method: payment.method,
          providerPaymentId: payment.providerPaymentId,
          createdAt: payment.createdAt.toISOString(),
        })),
        money: {
          captured: toRupees(sumOf('captured')),
          refunded: toRupees(sumOf('refunded')),
          // Decision 0064: a parcel that did not reach the customer has nothing to collect.
          codToCollect:
            row.paymentMethod === 'cod' && !row.paidAt && !codOwesNothing({ collected: false }, row.status)
              ? toRupees(row.totalPaise)
              : 0,
          net: toRupees(netPaise(lines)),
          // Only a cancellation refunds it, so only an order that may be cancelled offers it.
          refundOnCancel: next.includes('cancelled') ? toRupees(refundable) : 0,
          refundDue: toRupees(refundDue),
          lines: lines.map((line) => ({
            kind: line.kind,
            amount: toRupees(line.amountPaise),
            label: ledgerReasonLabel(line.reason),
            providerRef: line.providerRef,
            createdAt: line.createdAt.toISOString(),
          })),
        },
      };
    },

    /**
     * DESIGN 4 "Status machine": only along canTransition (else 409), delivered → returned only
     * within the return window. The change, its timeline event (actor 'admin', which the customer
     * sees) and the status e-mail commit together; a cancellation puts reserved stock back once.
     * Cancelling a paid order refunds what is left of its payments: the same transaction
     * marks the refund due and tells the customer its amount, then the provider is asked (once,
     * however often the cancellation is sent; a refund it does not take is retried by the sweep).
     * Marking an order paid records the money the owner took in the ledger.
     */
    async changeStatus(
      orderId: string,
      to: string,
      /** Decision 0065: internal unless the owner ticked "send to the customer". */
      ownerNote: { text: string; toCustomer: boolean },
      /** Who asks: decision 0076 names the permission each change needs. */
      role: StaffRole | null,
    ): Promise<AdminOrderDetail> {
      if (!isOrderStatus(to))
        throw invalid('Unknown order status', [{ path: 'status', message: 'Unknown order status' }]);
      const row = await orderRow(orderId);
      const from = row.status;
      if (!isOrderStatus(from) || !canTransition(from, to)) {
        throw conflict(`An order that is ${orderStatusLabel(from)} cannot become ${orderStatusLabel(to)}`);
      }
      if (courierOwnsStep(from, to) && (await hasOpenShipment(db, row.id))) {
        throw conflict(COURIER_OWNS_MESSAGE);
      }
      if (!(await allowedNext(row)).includes(to)) throw conflict(RETURN_WINDOW_CLOSED);
      // Decision 0076: marking paid records money, cancelling a paid order refunds it; the rest ships.
      const needs = statusChangeNeeds(to, await refundablePaiseOf(db, row.id));
      if (!may(role, needs)) throw forbidden(refusalFor(needs));

      const now = clock.now();
      const refundPaise = await db.transaction(async (tx) => {
        // Conditional on the status read above: two admins (or the expiry sweep) cannot both move it.
        // An order marked paid gets its payment time, unless it has one already.
        const changed =
          from === 'pending' && to === 'paid' && !row.paidAt
            ? await markOrderPaid(tx, row.id, from, now)
            : await setOrderStatus(tx, { orderId: row.id, to, from, at: now });
        if (!changed) throw conflict('The order changed meanwhile. Please reload it.');
        // Judged again under the row lock a booking also takes: a shipment booked meanwhile wins.
        if (courierOwnsStep(from, to) && (await hasOpenShipment(tx, row.id))) {
          throw conflict(COURIER_OWNS_MESSAGE);
        }
        if (to === 'cancelled') await releaseReservation(tx, row.id);
        // An order cancelled before it was paid gives its coupon use back, as an expired one does.
        if (to === 'cancelled' && !row.paidAt) await coupons.release(tx, row.id);
        if (to === 'paid') {
          await invoices.issue(tx, row.id, now);
          await recordMoney(tx, {
            orderId: row.id,
            kind: 'captured',
            amountPaise: row.totalPaise,
            reason: 'marked_paid',
            at: now,
          });
        }
        const refundPaise = to === 'cancelled' ? await markRefundDue(tx, row.id, 'cancelled') : 0;
        const { note, internalNote } = ownerNoteOf(ownerNote.text, ownerNote.toCustomer);
        await recordStatus(tx, { orderId: row.id, status: to, note, internalNote, actor: 'admin', at: now });
        await settleCashOnDelivery(tx, row, to, now);
        await mailStatusIfDue(
          tx,
          store,
          row,
          to,
          [note, refundPaise > 0 ? cancellationRefundNote(refundPaise) : ''].filter(Boolean).join('\n\n'),
          now,
        );
        return refundPaise;
      });
      if (refundPaise > 0) await refundOrder(row.id);
      return this.detail(row.id, role);
    },
  };
}
