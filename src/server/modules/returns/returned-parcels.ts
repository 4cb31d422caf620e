import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RefundsOwed, ReturnedParcel } from '../../../shared/api/courier';
import { formatPaise, toRupees } from '../../../shared/money';
import { REFUND_TIMING } from '../../../shared/money-ledger';
import type { OwnerSettings } from '../../../shared/owner-settings';
import { checkInNote, RETURNED_PARCEL_MESSAGES, rtoRefundOf } from '../../../shared/returned-parcels';
import { may, refusalFor, type StaffRole } from '../../../shared/staff-roles';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { conflict, forbidden, notFound, unavailable } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import { openShipmentStatusOf } from '../courier';
import { recordRefund } from '../invoices';
import { enqueueMail, type MailOrder, undeliveredRefundMail } from '../mail';
import { refundablePaiseOf, refundFromPayments } from '../money-ledger';
import { addressOf, isOrderId, type OrderRow, orderOf, ordersOf, recordStatus } from '../orders';
import type { PaymentProvider } from '../payment-providers';
import { returnedParcels } from './tables';

export type ReturnedParcels = ReturnType<typeof createReturnedParcels>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Decision 0064: money follows the parcel. A prepaid parcel the courier brought back to the store
 * (its shipment's last scan: returned to the seller) is checked in by the owner; what its payment
 * owes back (less the return freight, when the owner's setting deducts it) is refunded then, or
 * kept as "refund owed" until the owner presses Refund now, by the owner's setting. A cash on
 * delivery parcel owes nothing. Each order is checked in once and refunded once: a row per order,
 * locked for the provider's call, and the provider's receipt names the refund.
 */
export function createReturnedParcels({
  db,
  clock,
  provider,
  store,
  mailOrderOf,
  settings,
  log,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  store: StoreIdentity;
  /** The order as its mails show it (order-records' mailOrderOf). */
  mailOrderOf: (tx: Tx, order: OrderRow) => Promise<MailOrder>;
  /** The owner's settings in force (what checking in does, the freight deduction). */
  settings: () => Promise<OwnerSettings>;
  log: FastifyBaseLogger;
}) {
  async function orderRow(orderId: string) {
    const row = isOrderId(orderId) ? await orderOf(db, orderId) : null;
    if (!row) throw notFound('Order not found');
    return row;
  }

  /** The parcel's state for the shipment panel: null until the courier has brought it back. */
  async function stateOf(orderId: string): Promise<ReturnedParcel | null> {
    const row = await orderRow(orderId);
    if ((await openShipmentStatusOf(db, row.id)) !== 'rto_delivered') return null;
    const [parcel] = await db.select().from(returnedParcels).where(eq(returnedParcels.orderId, row.id));
    const cashOnDelivery = row.paymentMethod === 'cod';
    return {
      cashOnDelivery,
      checkedInAt: parcel?.checkedInAt.toISOString() ?? null,
      owed: parcel ? toRupees(parcel.owedPaise) : 0,
      deduction: parcel ? toRupees(parcel.deductionPaise) : 0,
      refundedAt: parcel?.refundedAt?.toISOString() ?? null,
    };
  }

  /** Pays what the checked-in parcel owes from the order's captured payments, under the row's lock. */
  async function refundLocked(tx: Tx, orderId: string): Promise<number> {
    const [parcel] = await tx
      .select()
      .from(returnedParcels)
      .where(and(eq(returnedParcels.orderId, orderId), isNull(returnedParcels.refundedAt)))
      .for('update');
    if (!parcel || parcel.owedPaise <= 0) throw conflict(RETURNED_PARCEL_MESSAGES.nothingOwed);
    const now = clock.now();
    const { paise: paid, refs } = await refundFromPayments(tx, {
      provider,
      orderId,
      wantedPaise: parcel.owedPaise,
      receiptOf: (paymentId) => `rto-${orderId}-${paymentId}`,
      // CGST s.34: the ledger line and its credit note, in this transaction.
      record: (made) =>
        recordRefund(tx, {
          orderId,
          kind: 'refunded',
          amountPaise: made.paise,
          reason: 'undelivered',
          paymentId: made.paymentId,
          providerRef: made.providerRef,
          at: now,
        }),
      failed: (error) => {
        log.warn({ err: error, orderId }, 'the payment provider did not take a returned parcel’s refund');
        return unavailable(RETURNED_PARCEL_MESSAGES.refundFailed);
      },
    });
    if (paid === 0) throw conflict(RETURNED_PARCEL_MESSAGES.nothingOwed);
    await tx
      .update(returnedParcels)
      .set({ refundedAt: now, providerRef: refs.join(','), owedPaise: paid })
      .where(eq(returnedParcels.orderId, orderId));
    const order = await orderOf(tx, orderId);
    if (order) {
      await recordStatus(tx, {
        orderId,
        status: order.status,
        note: `We have refunded ${formatPaise(paid)} to your original payment method. ${REFUND_TIMING}`,
        at: now,
      });
      await enqueueMail(
        tx,
        undeliveredRefundMail(await mailOrderOf(tx, order), paid, parcel.deductionPaise, store),
        now,
      );
    }
    return paid;
  }

  async function refundNow(orderId: string, role: StaffRole | null): Promise<ReturnedParcel | null> {
    if (!may(role, 'refund')) throw forbidden(refusalFor('refund'));
    const row = await orderRow(orderId);
    await db.transaction((tx) => refundLocked(tx, row.id));
    return stateOf(row.id);
  }

  return {
    stateOf,
    refundNow,

    /**
     * The owner checks the parcel in: what it owes is fixed now (the setting's deduction in force),
     * and refunded at once when the setting says so and the one checking in may move money;
     * otherwise it waits as owed. Checked in once (the row's key).
     */
    async checkIn(
      orderId: string,
      actor: { id: number; role: StaffRole | null },
    ): Promise<ReturnedParcel | null> {
      const row = await orderRow(orderId);
      if ((await stateOf(row.id)) === null) throw conflict(RETURNED_PARCEL_MESSAGES.notBack);
      const owner = await settings();
      const cashOnDelivery = row.paymentMethod === 'cod';
      const { owedPaise, deductionPaise } = cashOnDelivery
        ? { owedPaise: 0, deductionPaise: 0 }
        : rtoRefundOf(await refundablePaiseOf(db, row.id), owner.rtoFreightDeduction * 100);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(returnedParcels)
          .values({ orderId: row.id, checkedInAt: now, checkedInBy: actor.id, owedPaise, deductionPaise })
          .onConflictDoNothing()
          .returning({ orderId: returnedParcels.orderId });
        if (!inserted) throw conflict(RETURNED_PARCEL_MESSAGES.checkedIn);
        await recordStatus(tx, {
          orderId: row.id,
          status: row.status,
          note: '',
          internalNote: checkInNote(owedPaise, deductionPaise, cashOnDelivery),
          actor: 'admin',
          at: now,
        });
      });
      if (owedPaise > 0 && owner.rtoRefund === 'at_once' && may(actor.role, 'refund')) {
        return refundNow(row.id, actor.role);
      }
      return stateOf(row.id);
    },

    /** The dashboard's refunds owed, oldest first, with their age in whole days. */
    async owed(): Promise<RefundsOwed> {
      const parcels = await db
        .select()
        .from(returnedParcels)
        .where(and(isNull(returnedParcels.refundedAt), sql`${returnedParcels.owedPaise} > 0`))
        .orderBy(asc(returnedParcels.checkedInAt))
        .limit(100);
      const orders = await ordersOf(
        db,
        parcels.map((parcel) => parcel.orderId),
      );
      // Every parcel is its order's (a foreign key).
      const rows = parcels.flatMap((parcel) => {
        const order = orders.find((candidate) => candidate.id === parcel.orderId);
        return order ? [{ parcel, order }] : [];
      });
      const now = clock.now().getTime();
      const refunds = rows.map(({ parcel, order }) => ({
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerName: addressOf(order).fullName,
        amount: toRupees(parcel.owedPaise),
        deduction: toRupees(parcel.deductionPaise),
        checkedInAt: parcel.checkedInAt.toISOString(),
        ageDays: Math.floor((now - parcel.checkedInAt.getTime()) / DAY_MS),
      }));
      return {
        refunds,
        total: toRupees(rows.reduce((sum, { parcel }) => sum + parcel.owedPaise, 0)),
      };
    },
  };
}
