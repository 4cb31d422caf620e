import { and, asc, count, desc, eq, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_PAGE_SIZE } from '../../../shared/api/admin';
import {
  type AdminReturnList,
  type AdminReturnQuery,
  faultWindowClosedMessage,
  MAX_RETURN_PHOTOS,
  type NewReturn,
  RETURN_MESSAGES,
  type ReturnRecord,
  tooManyUnitsMessage,
} from '../../../shared/api/returns';
import type { TrackingKind } from '../../../shared/courier-events';
import { formatPaise, toRupees } from '../../../shared/money';
import { transferRefundOwedNote, transferRefundPaidNote } from '../../../shared/money-ledger';
import {
  canTransition,
  isOrderStatus,
  isWithinReturnWindow,
  returnShare,
} from '../../../shared/order-status';
import {
  PAYEE_LINK_DAYS,
  PAYEE_MESSAGES,
  payeeSummary,
  type RefundPayee,
  type RefundPayeePage,
  refundDetailsPathOf,
} from '../../../shared/refund-payee';
import { refundsDelivery, returnWindowDays } from '../../../shared/return-rules';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { violatedConstraint } from '../../db/sql-helpers';
import { conflict, invalid, notFound } from '../../errors';
import { customerPhotoWebp } from '../../storage/images';
import type { StoreIdentity } from '../../store-identity';
import { accountNamesOf, mailContactOf } from '../auth';
import { restock } from '../catalog';
import { recordRefund } from '../invoices';
import { enqueueMail, orderStatusMail, type ReturnedItems } from '../mail';
import { netReceivedPaiseOf, refundablePaiseOf, refundFromPayments } from '../money-ledger';
import { type LinkSigner, queueOrderNotice } from '../notifications';
import type { OrderService } from '../orders';
import {
  addressOf,
  countUnitsReturning,
  deliveredAtOf,
  deliveryPaidPaise,
  feesOfOrder,
  lockedOrderOf,
  orderLinesOf,
  orderOf,
  ordersOf,
  recordStatus,
  setOrderStatus,
} from '../orders';
import type { OwnerNotices } from '../owner-notices';
import type { PaymentProvider } from '../payment-providers';
import { returnRecordsOf } from './return-records';
import { returnItems, returnPhotos, returnRequests } from './tables';

/**
 * Decision 0066: what approval says happens to the money, and when: refunded now, or once the
 * items are back and checked; to the original payment, or by UPI or bank transfer (paid in cash).
 */
export function returnApprovalNote(facts: {
  paise: number;
  byTransfer: boolean;
  refundNow: boolean;
  awb: string;
  courier: string;
}): string {
  const amount = formatPaise(facts.paise);
  const pickup = `Return approved: ${facts.courier} will collect the items (AWB ${facts.awb})`;
  if (facts.byTransfer)
    return facts.refundNow
      ? `${pickup}. ${amount} will be refunded by UPI or bank transfer`
      : `${pickup}. ${amount} will be refunded by UPI or bank transfer once the items are back and checked`;
  return facts.refundNow
    ? `${pickup}. ${amount} refunded to the original payment method`
    : `${pickup}. ${amount} will be refunded to the original payment method once the items are back and checked`;
}

/** Decision 0066: the items are back; what happens to the money now. */
export function returnReceivedNote(facts: {
  paise: number;
  byTransfer: boolean;
  releasing: boolean;
}): string {
  const amount = formatPaise(facts.paise);
  if (!facts.releasing) return 'Returned items received and checked';
  return facts.byTransfer
    ? `Returned items received and checked: ${amount} to be refunded by UPI or bank transfer`
    : `Returned items received and checked: ${amount} refunded to the original payment method`;
}

export const PAYEE_GIVEN_NOTE = 'The customer gave their UPI ID or bank account for the refund';
// The refund details link's purpose, so no other signed link of the store opens this page.
const PAYEE_PURPOSE = 'refund-payee';

const returnRejectedNote = (note: string) => `Return request not approved${note ? `: ${note}` : ''}`;

export type ReturnService = ReturnType<typeof createReturnService>;

/**
 * Returns and refunds. A customer asks within the return window; the owner approves
 * (refund through the payment provider, restock, order → returned, e-mail) or rejects. Approval
 * runs in one transaction holding the return's row and the order's payment rows, so a return is
 * refunded once however many times it is approved at once, and no refund passes what was paid.
 */
export function createReturnService({
  db,
  clock,
  provider,
  orderService,
  store,
  ownerNotices,
  faultReturnDays,
  refundAtApprovalBelowPaise,
  reversePickup,
  signer,
  log,
  onStockChanged = () => {},
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** Decision 0051: the owner's window for a defective, damaged, wrong or late item, in days. */
  faultReturnDays: () => Promise<number>;
  orderService: OrderService;
  store: StoreIdentity;
  /** The owner hears of each return request. */
  ownerNotices: OwnerNotices;
  /** Decision 0066: the owner's amount below which a return is refunded at approval. */
  refundAtApprovalBelowPaise: () => Promise<number>;
  /** Decision 0066: the courier's reverse pickup (the shipping module's). */
  reversePickup: {
    book: (
      orderId: string,
      returnNumber: string,
      units: ReadonlyMap<number, number>,
    ) => Promise<{ providerOrderId: string; awb: string; courierName: string }>;
    cancel: (providerOrderId: string) => Promise<void>;
  };
  /** Decision 0067: signs the refund details page's links. */
  signer: LinkSigner;
  log: FastifyBaseLogger;
  onStockChanged?: () => void;
}) {
  /**
   * Decision 0067: asks the customer where to send a cash on delivery refund: a signed link that
   * works until it expires and only until details are given, in their messages and in this mail.
   */
  async function askForPayee(tx: Tx, returnId: number, orderId: string, paise: number, now: Date) {
    const expires = Math.floor(now.getTime() / 1000) + PAYEE_LINK_DAYS * 24 * 60 * 60;
    const token = await signer.sign({ purpose: PAYEE_PURPOSE, returnId, expires });
    await queueOrderNotice(tx, {
      orderId,
      notice: 'refund_details_wanted',
      key: `refund-details-${returnId}`,
      details: { paise, token },
      at: now,
    });
    return transferRefundOwedNote(paise, `${store.publicUrl ?? ''}${refundDetailsPathOf(token)}`);
  }

  /** The return a refund details link names, while the link is genuine and unexpired. */
  async function payeeRequestOf(token: string) {
    const payload = token.length <= 1000 ? await signer.verify(token) : null;
    if (!payload || payload.purpose !== PAYEE_PURPOSE || typeof payload.returnId !== 'number')
      throw notFound(PAYEE_MESSAGES.linkInvalid);
    if (typeof payload.expires !== 'number' || payload.expires * 1000 <= clock.now().getTime())
      throw conflict(PAYEE_MESSAGES.linkExpired);
    const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, payload.returnId));
    if (!row) throw notFound(PAYEE_MESSAGES.linkInvalid);
    if (row.refundMethod !== 'transfer' || row.refundPaidAt) throw conflict(PAYEE_MESSAGES.notWanted);
    return row;
  }

  /** What the order's payments can still give back, up to `wantedPaise` (a refund promised for later). */
  async function refundableNow(tx: Tx, orderId: string, wantedPaise: number): Promise<number> {
    const paise = Math.min(wantedPaise, await refundablePaiseOf(tx, orderId));
    if (paise <= 0) throw conflict(RETURN_MESSAGES.nothingToRefund);
    return paise;
  }

  async function recordOf(runner: Db | Tx, returnId: number): Promise<ReturnRecord> {
    const rows = await runner.select().from(returnRequests).where(eq(returnRequests.id, returnId));
    const [record] = await returnRecordsOf(runner, rows);
    if (!record) throw notFound(RETURN_MESSAGES.returnNotFound);
    return record;
  }

  async function mailCustomer(
    tx: Tx,
    orderId: string,
    status: string,
    note: string,
    returned: ReturnedItems | null = null,
  ) {
    const order = await orderOf(tx, orderId);
    const customer = order && order.userId !== null ? await mailContactOf(tx, order.userId) : null;
    if (!order || !customer) return;
    const mail = orderStatusMail(
      {
        id: order.id,
        orderNumber: order.orderNumber,
        customerName: addressOf(order).fullName || customer.fullName,
        customerEmail: customer.email,
        returned,
      },
      status,
      note,
      store,
    );
    await enqueueMail(tx, { ...mail, kind: 'order-return' }, clock.now());
  }

  /** Refunds `amountPaise` from the order's captured payments (locked by the caller's query). */
  async function refund(
    tx: Tx,
    returnId: number,
    orderId: string,
    wantedPaise: number,
  ): Promise<{ paise: number; refundId: string }> {
    // The credit note credits the returned lines (what each cost the customer) and the delivery
    // charges given back with them.
    const { returned, deliveryPaise } = await creditedOf(tx, returnId);
    const { paise, refs } = await refundFromPayments(tx, {
      provider,
      orderId,
      wantedPaise,
      receiptOf: (paymentId) => `return-${returnId}-${paymentId}`,
      record: (made) =>
        recordRefund(
          tx,
          {
            orderId,
            kind: 'refunded',
            amountPaise: made.paise,
            reason: 'return',
            paymentId: made.paymentId,
            providerRef: made.providerRef,
            at: clock.now(),
          },
          returned,
          deliveryPaise,
        ),
      failed: () => conflict(RETURN_MESSAGES.refundFailed),
    });
    if (paise <= 0) throw conflict(RETURN_MESSAGES.nothingToRefund);
    return { paise, refundId: refs.join(',') };
  }

  /**
   * Decision 0043: a cash on delivery order's refund, which no provider can make: owed to the
   * customer (by UPI or bank transfer) until the owner marks it paid; capped by the cash collected
   * less what went back and what other returns already owe. The money moves, and the ledger says
   * so, when it is paid (markRefundPaid).
   */
  async function owedByTransfer(tx: Tx, returnId: number, orderId: string, wantedPaise: number) {
    const moved = await netReceivedPaiseOf(tx, orderId);
    const [owed] = await tx
      .select({ paise: sql<string>`coalesce(sum(${returnRequests.refundPaise}), 0)` })
      .from(returnRequests)
      .where(
        and(
          eq(returnRequests.orderId, orderId),
          eq(returnRequests.status, 'approved'),
          eq(returnRequests.refundMethod, 'transfer'),
          isNull(returnRequests.refundPaidAt),
          ne(returnRequests.id, returnId),
        ),
      );
    const paise = Math.min(wantedPaise, moved - Number(owed?.paise ?? 0));
    if (paise <= 0) throw conflict(RETURN_MESSAGES.nothingToRefund);
    return paise;
  }

  /** What a return gives back, line by line, for its credit note. */
  async function creditedOf(tx: Tx, returnId: number) {
    const [returned, [request]] = await Promise.all([
      tx
        .select({ orderItemId: returnItems.orderItemId, amountPaise: returnItems.amountPaise })
        .from(returnItems)
        .where(eq(returnItems.returnId, returnId)),
      tx
        .select({ deliveryPaise: returnRequests.deliveryRefundPaise })
        .from(returnRequests)
        .where(eq(returnRequests.id, returnId)),
    ]);
    return { returned, deliveryPaise: request?.deliveryPaise ?? 0 };
  }

  /**
   * Decision 0051: the delivery charges a faulty or late item's return gives back: what the order
   * paid for delivery (shipping, a slot, the cash on delivery fee) less what its other returns
   * (not rejected) already give back, so they come back once whatever the number of returns.
   */
  async function deliveryLeftToRefund(orderId: string, deliveryPaidPaise: number): Promise<number> {
    const [given] = await db
      .select({ paise: sql<string>`coalesce(sum(${returnRequests.deliveryRefundPaise}), 0)` })
      .from(returnRequests)
      .where(and(eq(returnRequests.orderId, orderId), ne(returnRequests.status, 'rejected')));
    return Math.max(0, deliveryPaidPaise - Number(given?.paise ?? 0));
  }

  /** The request's row, locked, while it is still open; else why not. */
  async function openRequest(tx: Tx, returnId: number) {
    const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, returnId)).for('update');
    if (!row) throw notFound(RETURN_MESSAGES.returnNotFound);
    if (row.status !== 'requested') throw conflict(RETURN_MESSAGES.alreadyDecided);
    return row;
  }

  return {
    /**
     * The customer's request: items of a delivered order within the window of its kind (a change
     * of mind 7 days, the store's fault the owner's 30 or more, with the delivery charges), and why.
     */
    async request(userId: number, orderId: string, input: NewReturn): Promise<ReturnRecord> {
      const order = await orderService.ownOrder(userId, orderId);
      if (order.status !== 'delivered' && order.status !== 'returned')
        throw conflict(RETURN_MESSAGES.notDelivered);
      const delivered = await deliveredAtOf(db, order.id);
      const days = returnWindowDays(input.kind, await faultReturnDays());
      if (!delivered || !isWithinReturnWindow(delivered, clock.now(), days))
        throw conflict(
          input.kind === 'changed_mind' ? RETURN_MESSAGES.windowClosed : faultWindowClosedMessage(days),
        );

      const lines = await orderLinesOf(db, order.id);
      const chosen = input.items.map((item) => {
        const line = lines.find((candidate) => candidate.productId === item.productId);
        if (!line)
          throw invalid(RETURN_MESSAGES.notInOrder, [{ path: 'items', message: RETURN_MESSAGES.notInOrder }]);
        const left = line.quantity - line.returnedQuantity;
        if (item.quantity > left) throw invalid(tooManyUnitsMessage(line.name, left));
        const linePaid = line.pricePaise * line.quantity - line.discountPaise;
        return {
          orderItemId: line.id,
          quantity: item.quantity,
          amountPaise: returnShare(linePaid, line.quantity, line.returnedQuantity, item.quantity),
        };
      });

      const deliveryPaise = refundsDelivery(input.kind)
        ? await deliveryLeftToRefund(order.id, deliveryPaidPaise(await feesOfOrder(db, order.id)))
        : 0;
      try {
        const id = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(returnRequests)
            .values({
              orderId: order.id,
              userId,
              reason: input.reason,
              kind: input.kind,
              refundPaise: chosen.reduce((sum, item) => sum + item.amountPaise, 0) + deliveryPaise,
              deliveryRefundPaise: deliveryPaise,
              createdAt: clock.now(),
            })
            .returning({ id: returnRequests.id });
          if (!created) throw new Error('Inserting a return returned no row');
          await tx.insert(returnItems).values(chosen.map((item) => ({ ...item, returnId: created.id })));
          const units = chosen.reduce((sum, item) => sum + item.quantity, 0);
          await ownerNotices.tell(tx, {
            key: `return-${created.id}`,
            kind: 'return-request',
            summary: `Return requested on order ${order.orderNumber}: ${units} ${units === 1 ? 'item' : 'items'}, ${formatPaise(chosen.reduce((sum, item) => sum + item.amountPaise, 0))}`,
            link: ownerNotices.adminLink('/returns'),
          });
          return created.id;
        });
        return recordOf(db, id);
      } catch (error) {
        if (violatedConstraint(error) === 'return_requests_one_open_idx')
          throw conflict(RETURN_MESSAGES.alreadyOpen);
        throw error;
      }
    },

    /** A photo for an open request of the customer's own (at most three). */
    async addPhoto(userId: number, returnId: number, bytes: Buffer): Promise<ReturnRecord> {
      const [row] = await db
        .select()
        .from(returnRequests)
        .where(and(eq(returnRequests.id, returnId), eq(returnRequests.userId, userId)));
      if (!row) throw notFound(RETURN_MESSAGES.returnNotFound);
      if (row.status !== 'requested') throw conflict(RETURN_MESSAGES.photoNotOpen);
      // The cap is checked before any decoding, so a fourth photo costs nothing; the
      // transaction below checks it again against a racing upload.
      if ((await photoCountOf(db, returnId)) >= MAX_RETURN_PHOTOS)
        throw conflict(RETURN_MESSAGES.tooManyPhotos);
      const webp = await customerPhotoWebp(bytes);
      await db.transaction(async (tx) => {
        await tx
          .select({ id: returnRequests.id })
          .from(returnRequests)
          .where(eq(returnRequests.id, returnId))
          .for('update');
        if ((await photoCountOf(tx, returnId)) >= MAX_RETURN_PHOTOS)
          throw conflict(RETURN_MESSAGES.tooManyPhotos);
        await tx
          .insert(returnPhotos)
          .values({ returnId, contentType: 'image/webp', bytes: webp, createdAt: clock.now() });
      });
      return recordOf(db, returnId);
    },

    /** A photo's bytes for the customer who added it (userId) or the owner (null). */
    async photo(returnId: number, photoId: number, userId: number | null) {
      const where: SQL[] = [eq(returnPhotos.id, photoId), eq(returnPhotos.returnId, returnId)];
      if (userId !== null) where.push(eq(returnRequests.userId, userId));
      const [row] = await db
        .select({ contentType: returnPhotos.contentType, bytes: returnPhotos.bytes })
        .from(returnPhotos)
        .innerJoin(returnRequests, eq(returnRequests.id, returnPhotos.returnId))
        .where(and(...where));
      if (!row) throw notFound('Photo not found');
      return row;
    },

    async adminList(query: AdminReturnQuery): Promise<AdminReturnList> {
      const where = query.status === 'all' ? undefined : eq(returnRequests.status, query.status);
      const [requests, [total]] = await Promise.all([
        db
          .select()
          .from(returnRequests)
          .where(where)
          .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_PAGE_SIZE),
        db.select({ total: count() }).from(returnRequests).where(where),
      ]);
      const records = await returnRecordsOf(db, requests);
      const [orders, customers] = await Promise.all([
        ordersOf(
          db,
          requests.map((request) => request.orderId),
        ),
        accountNamesOf(
          db,
          requests.map((request) => request.userId),
        ),
      ]);
      const orderById = new Map(orders.map((order) => [order.id, order]));
      return {
        // Every return names its order and its customer's account (foreign keys).
        data: requests.flatMap((request, index) => {
          const order = orderById.get(request.orderId);
          const customer = customers.get(request.userId);
          if (!order || !customer) return [];
          return {
            ...(records[index] as ReturnRecord),
            orderId: order.id,
            orderNumber: order.orderNumber,
            customerName: addressOf(order).fullName || customer.fullName,
            customerEmail: customer.email,
            payee: request.payee ? payeeSummary(request.payee) : null,
          };
        }),
        refundAtApprovalBelow: toRupees(await refundAtApprovalBelowPaise()),
        total: total?.total ?? 0,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /**
     * Decision 0066: approves an open request. The reverse pickup is booked with the courier first
     * (no network call holds a transaction; a courier that fails leaves the request open); then,
     * under the request's row lock, the units are counted as coming back and the refund is made
     * now when it is below the owner's amount, else when the items are marked received. A second
     * approval at once finds the request decided, and its pickup is cancelled again.
     */
    async approve(returnId: number, note: string): Promise<ReturnRecord> {
      const [request] = await db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
      const order = request ? await orderOf(db, request.orderId) : null;
      const pending = request && order ? { request, orderNumber: order.orderNumber } : null;
      if (!pending) throw notFound(RETURN_MESSAGES.returnNotFound);
      if (pending.request.status !== 'requested') throw conflict(RETURN_MESSAGES.alreadyDecided);
      const units = new Map(
        (
          await db
            .select({ orderItemId: returnItems.orderItemId, quantity: returnItems.quantity })
            .from(returnItems)
            .where(eq(returnItems.returnId, returnId))
        ).map((item) => [item.orderItemId, item.quantity]),
      );
      const pickup = await reversePickup.book(
        pending.request.orderId,
        `${pending.orderNumber}-R${returnId}`,
        units,
      );
      const refundBelowPaise = await refundAtApprovalBelowPaise();
      await signer.ready();
      const now = clock.now();
      try {
        await db.transaction(async (tx) => {
          const request = await openRequest(tx, returnId);
          const paidBy = await orderOf(tx, request.orderId);
          const byTransfer = paidBy?.paymentMethod === 'cod';
          const refundNow = request.refundPaise < refundBelowPaise;
          const { paise, refundId } = byTransfer
            ? {
                paise: await owedByTransfer(tx, returnId, request.orderId, request.refundPaise),
                refundId: null,
              }
            : refundNow
              ? await refund(tx, returnId, request.orderId, request.refundPaise)
              : { paise: await refundableNow(tx, request.orderId, request.refundPaise), refundId: null };
          // Counted as coming back now, so the same units cannot be asked back twice; they go back
          // on the shelf when they arrive (markReceived).
          await countUnitsReturning(tx, units);
          await tx
            .update(returnRequests)
            .set({
              status: 'approved',
              refundPaise: paise,
              providerRefundId: refundId,
              refundMethod: byTransfer ? 'transfer' : 'provider',
              pickupAwb: pickup.awb,
              pickupCourier: pickup.courierName,
              pickupProviderOrderId: pickup.providerOrderId,
              pickupStatus: 'booked',
              refundReleasedAt: refundNow ? now : null,
              decisionNote: note,
              decidedAt: now,
            })
            .where(eq(returnRequests.id, returnId));
          const order = await orderOf(tx, request.orderId);
          if (!order) throw new Error(`Order ${request.orderId} vanished`);
          const eventNote = [
            returnApprovalNote({
              paise,
              byTransfer,
              refundNow,
              awb: pickup.awb,
              courier: pickup.courierName,
            }),
            note,
          ]
            .filter(Boolean)
            .join('. ');
          await recordStatus(tx, {
            orderId: order.id,
            status: order.status,
            note: eventNote,
            actor: 'admin',
            at: now,
          });
          const mailNote =
            byTransfer && refundNow
              ? `${eventNote}\n\n${await askForPayee(tx, returnId, order.id, paise, now)}`
              : eventNote;
          const lines = await orderLinesOf(tx, order.id);
          await mailCustomer(tx, order.id, order.status, mailNote, {
            items: lines
              .filter((line) => units.has(line.id))
              .map((line) => ({ name: line.name, quantity: units.get(line.id) ?? 0 })),
            wholeOrder: lines.every((line) => line.returnedQuantity >= line.quantity),
          });
          await queueOrderNotice(tx, {
            orderId: order.id,
            notice: 'return_decided',
            key: `return-${returnId}`,
            details: { decision: 'approved' },
            at: now,
          });
        });
      } catch (error) {
        // The request was decided meanwhile (or the refund failed): this pickup is given back.
        await reversePickup
          .cancel(pickup.providerOrderId)
          .catch((cancelError: unknown) =>
            log.error({ err: cancelError, awb: pickup.awb }, 'could not cancel a reverse pickup'),
          );
        throw error;
      }
      return recordOf(db, returnId);
    },

    /**
     * Decision 0066: the owner has the items back and has checked them: they go back on the shelf
     * (not pre-order lines, made to order), the order is marked returned, and a refund that waited
     * for this is made (or, paid in cash, becomes owed and the customer is asked where to send
     * it). Once, under the request's row lock.
     */
    async markReceived(returnId: number, note: string): Promise<ReturnRecord> {
      const now = clock.now();
      await signer.ready();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(returnRequests)
          .where(eq(returnRequests.id, returnId))
          .for('update');
        if (!row) throw notFound(RETURN_MESSAGES.returnNotFound);
        if (row.status !== 'approved') throw conflict(RETURN_MESSAGES.notAwaitingReceipt);
        if (row.receivedAt) throw conflict(RETURN_MESSAGES.alreadyReceived);
        const byTransfer = row.refundMethod === 'transfer';
        const releasing = row.refundReleasedAt === null;
        const made =
          releasing && !byTransfer ? await refund(tx, returnId, row.orderId, row.refundPaise) : null;
        const paise = made?.paise ?? row.refundPaise;
        await tx
          .update(returnRequests)
          .set({
            receivedAt: now,
            refundPaise: paise,
            ...(made ? { providerRefundId: made.refundId } : {}),
            ...(releasing ? { refundReleasedAt: now } : {}),
          })
          .where(eq(returnRequests.id, returnId));
        const lines = await orderLinesOf(tx, row.orderId);
        const items = (
          await tx
            .select({ orderItemId: returnItems.orderItemId, quantity: returnItems.quantity })
            .from(returnItems)
            .where(eq(returnItems.returnId, returnId))
            .orderBy(asc(returnItems.id))
        )
          .flatMap(({ orderItemId, quantity }) => {
            const line = lines.find((candidate) => candidate.id === orderItemId);
            return line ? [{ ...line, quantity }] : [];
          })
          .sort((a, b) => a.productId - b.productId);
        await restock(
          tx,
          items.filter((line) => !line.isPreOrder),
        );
        const order = await lockedOrderOf(tx, row.orderId);
        if (!order) throw new Error(`Order ${row.orderId} vanished`);
        if (
          isOrderStatus(order.status) &&
          order.status !== 'returned' &&
          canTransition(order.status, 'returned')
        ) {
          await setOrderStatus(tx, { orderId: order.id, to: 'returned', at: now });
        }
        const eventNote = [returnReceivedNote({ paise, byTransfer, releasing }), note]
          .filter(Boolean)
          .join('. ');
        await recordStatus(tx, {
          orderId: order.id,
          status: 'returned',
          note: eventNote,
          actor: 'admin',
          at: now,
        });
        const mailNote =
          byTransfer && releasing
            ? `${eventNote}\n\n${await askForPayee(tx, returnId, order.id, paise, now)}`
            : eventNote;
        await mailCustomer(tx, order.id, 'returned', mailNote, {
          items: items.map((item) => ({ name: item.name, quantity: item.quantity })),
          wholeOrder: lines.every((line) => line.returnedQuantity >= line.quantity),
        });
      });
      onStockChanged();
      return recordOf(db, returnId);
    },

    /**
     * Decision 0066: a scan of a reverse pickup (the courier's webhook): its state on the return
     * and a line on the order's timeline, once per state. False when the AWB is no return's.
     */
    async receivePickupScan(awb: string, kind: TrackingKind, at: Date, activity: string): Promise<boolean> {
      const state = kind === 'delivered' ? 'delivered' : kind === 'picked_up' ? 'picked_up' : 'in_transit';
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(returnRequests)
          .where(eq(returnRequests.pickupAwb, awb))
          .for('update');
        if (!row) return false;
        if (row.pickupStatus === state || row.pickupStatus === 'delivered') return true;
        await tx.update(returnRequests).set({ pickupStatus: state }).where(eq(returnRequests.id, row.id));
        const order = await orderOf(tx, row.orderId);
        await recordStatus(tx, {
          orderId: row.orderId,
          status: order?.status ?? 'delivered',
          note: `Return pickup: ${activity} (${row.pickupCourier ?? ''}, AWB ${awb})`,
          at,
        });
        return true;
      });
    },

    /** Decision 0067: what the signed page shows; a tampered or expired link is refused. */
    async payeePage(token: string): Promise<RefundPayeePage> {
      const row = await payeeRequestOf(token);
      const order = await orderOf(db, row.orderId);
      return {
        orderNumber: order?.orderNumber ?? '',
        amount: toRupees(row.refundPaise),
        given: row.payeeGivenAt !== null,
      };
    },

    /**
     * Decision 0067: the customer's UPI ID or bank account for their refund, once per link: the
     * row is taken only while no details are on it, so a second use (or two at once) is refused.
     */
    async givePayee(token: string, payee: RefundPayee): Promise<void> {
      const row = await payeeRequestOf(token);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [taken] = await tx
          .update(returnRequests)
          .set({ payee, payeeGivenAt: now })
          .where(
            and(
              eq(returnRequests.id, row.id),
              isNull(returnRequests.payeeGivenAt),
              isNull(returnRequests.refundPaidAt),
            ),
          )
          .returning({ id: returnRequests.id });
        if (!taken) throw conflict(PAYEE_MESSAGES.linkUsed);
        const order = await orderOf(tx, row.orderId);
        await recordStatus(tx, {
          orderId: row.orderId,
          status: order?.status ?? 'returned',
          note: PAYEE_GIVEN_NOTE,
          actor: 'customer',
          at: now,
        });
      });
    },

    /**
     * Decision 0043: the owner has sent a cash on delivery order's refund by UPI or bank transfer.
     * Once, under the return's row lock: the ledger's refund line (with the transfer's reference
     * and the credit note, as a provider's refund has), the order's timeline and the customer's mail.
     */
    async markRefundPaid(returnId: number, reference: string): Promise<ReturnRecord> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(returnRequests)
          .where(eq(returnRequests.id, returnId))
          .for('update');
        if (!row) throw notFound(RETURN_MESSAGES.returnNotFound);
        if (row.status !== 'approved' || row.refundMethod !== 'transfer')
          throw conflict(RETURN_MESSAGES.notOwed);
        if (!row.refundReleasedAt) throw conflict(RETURN_MESSAGES.refundNotReleased);
        if (row.refundPaidAt) throw conflict(RETURN_MESSAGES.alreadyPaid);
        await tx
          .update(returnRequests)
          .set({ refundPaidAt: now, refundReference: reference })
          .where(eq(returnRequests.id, returnId));
        const { returned, deliveryPaise } = await creditedOf(tx, returnId);
        await recordRefund(
          tx,
          {
            orderId: row.orderId,
            kind: 'refunded',
            amountPaise: row.refundPaise,
            reason: 'return',
            providerRef: reference,
            at: now,
          },
          returned,
          deliveryPaise,
        );
        const order = await orderOf(tx, row.orderId);
        const status = order?.status ?? 'returned';
        const paidNote = transferRefundPaidNote(row.refundPaise, reference);
        await recordStatus(tx, { orderId: row.orderId, status, note: paidNote, actor: 'admin', at: now });
        await mailCustomer(tx, row.orderId, status, paidNote);
      });
      return recordOf(db, returnId);
    },

    async reject(returnId: number, note: string): Promise<ReturnRecord> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const request = await openRequest(tx, returnId);
        await tx
          .update(returnRequests)
          .set({ status: 'rejected', decisionNote: note, decidedAt: now })
          .where(eq(returnRequests.id, returnId));
        const order = await orderOf(tx, request.orderId);
        const eventNote = returnRejectedNote(note);
        await recordStatus(tx, {
          orderId: request.orderId,
          status: order?.status ?? 'delivered',
          note: eventNote,
          actor: 'admin',
          at: now,
        });
        await mailCustomer(tx, request.orderId, order?.status ?? 'delivered', eventNote);
        await queueOrderNotice(tx, {
          orderId: request.orderId,
          notice: 'return_decided',
          key: `return-${returnId}`,
          details: { decision: 'rejected' },
          at: now,
        });
      });
      return recordOf(db, returnId);
    },
  };
}

async function photoCountOf(db: Db | Tx, returnId: number): Promise<number> {
  const [photos] = await db
    .select({ n: count() })
    .from(returnPhotos)
    .where(eq(returnPhotos.returnId, returnId));
  return photos?.n ?? 0;
}

/** Decision 0055: deletes the photos of the returns decided before `before`. Answers how many. */
export async function deleteReturnPhotosDecidedBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(returnPhotos)
    .where(
      inArray(
        returnPhotos.returnId,
        db.select({ id: returnRequests.id }).from(returnRequests).where(lt(returnRequests.decidedAt, before)),
      ),
    )
    .returning({ id: returnPhotos.id });
  return deleted.length;
}
