import { and, asc, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminOrderFilter } from '../../../shared/api/admin-bulk';
import type { Shipment } from '../../../shared/api/courier';
import {
  DISPATCH_MESSAGES,
  type DispatchJob,
  type DispatchJobKind,
  type DispatchJobRequest,
  type DispatchJobSummary,
  MAX_DISPATCH_JOB_ORDERS,
} from '../../../shared/api/dispatch';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { toRupees } from '../../../shared/money';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError, conflict, invalid, notFound } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import { openLabelsOf, openShipmentsOf } from '../courier';
import type { PdfPool } from '../invoices';
import { addressOf, isOrderId, orderNumbersOf, ordersOf } from '../orders';
import { dispatchJobOrders, dispatchJobParts, dispatchJobs } from './tables';

/** How long a claimed order stays with the instance working on it before another may take it. */
export const DISPATCH_LEASE_MS = 5 * 60 * 1000;
/** Orders booked per turn (one courier call each) and laid out per part of a print job. */
const BOOK_BATCH = 10;
const PRINT_BATCH = 50;
/** How often every instance looks for dispatch work. */
export const DISPATCH_EVERY_MS = 1000;

type JobRow = typeof dispatchJobs.$inferSelect;
type ItemRow = typeof dispatchJobOrders.$inferSelect;
type Selection = { orderIds?: string[] | undefined; filter?: AdminOrderFilter | undefined };

export type DispatchService = ReturnType<typeof createDispatchService>;

/**
 * Decision 0077: booking the courier and printing slips or labels for any number of orders as
 * server jobs. A job is rows in the database, worked through by every instance's timer; each
 * order is claimed (FOR UPDATE SKIP LOCKED, with a lease) before it is worked on, so two
 * instances never work on one order at once, an instance that stops leaves its orders to the
 * next after the lease, and closing the tab stops nothing.
 */
export function createDispatchService({
  db,
  clock,
  log,
  store,
  pdfPool,
  chooseOrders,
  bookShipment,
  renderSlips,
}: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  store: StoreIdentity;
  /** Lays out the manifest and joins the PDFs off the event loop. */
  pdfPool: PdfPool;
  /** The ticked orders or those the list's filter matches, in the list's order. */
  chooseOrders: (selection: Selection, max: number) => Promise<string[]>;
  /** Books one order with the courier (the shipping module's own checks apply). */
  bookShipment: (orderId: string) => Promise<Shipment>;
  /** Some orders' packing slips and invoices as one PDF (the back office's bulk print). */
  renderSlips: (orderIds: string[]) => Promise<Buffer>;
}) {
  const due = (now: Date): SQL =>
    or(
      eq(dispatchJobOrders.state, 'waiting'),
      and(eq(dispatchJobOrders.state, 'working'), lt(dispatchJobOrders.leaseUntil, now)),
    )!;

  async function jobRow(jobId: string): Promise<JobRow> {
    const [row] = await db.select().from(dispatchJobs).where(eq(dispatchJobs.id, jobId));
    if (!row) throw notFound(DISPATCH_MESSAGES.jobNotFound);
    return row;
  }

  async function summariesOf(rows: readonly JobRow[]): Promise<DispatchJobSummary[]> {
    if (rows.length === 0) return [];
    const counts = await db
      .select({ jobId: dispatchJobOrders.jobId, state: dispatchJobOrders.state, total: count() })
      .from(dispatchJobOrders)
      .where(
        inArray(
          dispatchJobOrders.jobId,
          rows.map((row) => row.id),
        ),
      )
      .groupBy(dispatchJobOrders.jobId, dispatchJobOrders.state);
    return rows.map((row) => {
      const of = (state: ItemRow['state']) =>
        counts.find((entry) => entry.jobId === row.id && entry.state === state)?.total ?? 0;
      const waiting = of('waiting') + of('working');
      return {
        id: row.id,
        kind: row.kind,
        createdAt: row.createdAt.toISOString(),
        total: row.total,
        waiting,
        done: of('done'),
        failed: of('failed'),
        finished: waiting === 0,
      };
    });
  }

  async function jobOf(row: JobRow): Promise<DispatchJob> {
    const [[summary], items] = await Promise.all([
      summariesOf([row]),
      db
        .select({
          orderId: dispatchJobOrders.orderId,
          state: dispatchJobOrders.state,
          message: dispatchJobOrders.message,
        })
        .from(dispatchJobOrders)
        .where(eq(dispatchJobOrders.jobId, row.id))
        .orderBy(asc(dispatchJobOrders.position)),
    ]);
    const numbers = await orderNumbersOf(
      db,
      items.map((item) => item.orderId),
    );
    return {
      ...summary!,
      orders: items.flatMap((item) => {
        const orderNumber = numbers.get(item.orderId);
        return orderNumber ? [{ ...item, orderNumber }] : [];
      }),
    };
  }

  /** The orders a job has done, in the list's order. */
  async function doneOrderIds(jobId: string): Promise<string[]> {
    const done = await db
      .select({ orderId: dispatchJobOrders.orderId })
      .from(dispatchJobOrders)
      .where(and(eq(dispatchJobOrders.jobId, jobId), eq(dispatchJobOrders.state, 'done')))
      .orderBy(asc(dispatchJobOrders.position));
    return done.map((item) => item.orderId);
  }

  /** The labels of these orders' open shipments, in their order (an order without one left out). */
  async function labelsInOrder(orderIds: readonly string[]): Promise<Buffer[]> {
    const labels = await openLabelsOf(db, orderIds);
    return orderIds.flatMap((orderId) => {
      const label = labels.get(orderId);
      return label ? [label] : [];
    });
  }

  /** The orders among `orderIds` in a booking not yet finished (another job's, or this one's). */
  async function inActiveBooking(orderIds: readonly string[]): Promise<Set<string>> {
    if (orderIds.length === 0) return new Set();
    const rows = await db
      .select({ orderId: dispatchJobOrders.orderId })
      .from(dispatchJobOrders)
      .where(
        and(
          eq(dispatchJobOrders.kind, 'book'),
          inArray(dispatchJobOrders.state, ['waiting', 'working']),
          inArray(dispatchJobOrders.orderId, [...orderIds]),
        ),
      );
    return new Set(rows.map((row) => row.orderId));
  }

  /** Marks a claimed order's outcome, unless another instance has claimed it since (its lease ran out). */
  async function finish(item: ItemRow, state: 'done' | 'failed', message: string) {
    await db
      .update(dispatchJobOrders)
      .set({ state, message: message.slice(0, 500), leaseUntil: null, updatedAt: clock.now() })
      .where(
        and(
          eq(dispatchJobOrders.id, item.id),
          eq(dispatchJobOrders.state, 'working'),
          eq(dispatchJobOrders.attempts, item.attempts),
        ),
      );
  }

  const failureText = (error: unknown, fallback: string) => {
    if (error instanceof AppError) return error.message;
    log.error({ err: error }, 'dispatch job step failed');
    return fallback;
  };

  async function book(items: readonly ItemRow[]) {
    // One after another: each is a courier call, and bulk work must not take every connection.
    for (const item of items) {
      try {
        const shipment = await bookShipment(item.orderId);
        await finish(item, 'done', `AWB ${shipment.awb} with ${shipment.courier}`);
      } catch (error) {
        await finish(item, 'failed', failureText(error, DISPATCH_MESSAGES.courierUnreachable));
      }
    }
  }

  async function checkLabels(items: readonly ItemRow[]) {
    const booked = await openShipmentsOf(
      db,
      items.map((item) => item.orderId),
    );
    for (const item of items) {
      const awb = booked.get(item.orderId)?.awb;
      await finish(item, awb ? 'done' : 'failed', awb ? `AWB ${awb}` : DISPATCH_MESSAGES.notBooked);
    }
  }

  async function printSlips(items: readonly ItemRow[]) {
    const ordered = [...items].sort((a, b) => a.position - b.position);
    try {
      const pdf = await renderSlips(ordered.map((item) => item.orderId));
      await db
        .insert(dispatchJobParts)
        .values({ jobId: ordered[0]!.jobId, firstPosition: ordered[0]!.position, pdf })
        .onConflictDoUpdate({
          target: [dispatchJobParts.jobId, dispatchJobParts.firstPosition],
          set: { pdf },
        });
      for (const item of ordered) await finish(item, 'done', '');
    } catch (error) {
      const message = failureText(error, 'The slips could not be laid out; resume the job to try again');
      for (const item of ordered) await finish(item, 'failed', message);
    }
  }

  /**
   * One turn of work: claims the next orders of the oldest job with work waiting (or whose lease
   * ran out) and works on them. Answers how many it worked on (0: nothing to do).
   */
  async function work(): Promise<number> {
    const now = clock.now();
    const [next] = await db
      .select({ jobId: dispatchJobOrders.jobId, kind: dispatchJobOrders.kind })
      .from(dispatchJobOrders)
      .where(due(now))
      .orderBy(asc(dispatchJobOrders.id))
      .limit(1);
    if (!next) return 0;
    const picked = db
      .select({ id: dispatchJobOrders.id })
      .from(dispatchJobOrders)
      .where(and(eq(dispatchJobOrders.jobId, next.jobId), due(now)))
      .orderBy(asc(dispatchJobOrders.position))
      .limit(next.kind === 'book' ? BOOK_BATCH : PRINT_BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(dispatchJobOrders)
      .set({
        state: 'working',
        attempts: sql`${dispatchJobOrders.attempts} + 1`,
        leaseUntil: new Date(now.getTime() + DISPATCH_LEASE_MS),
        updatedAt: now,
      })
      .where(and(inArray(dispatchJobOrders.id, picked), due(now)))
      .returning();
    if (claimed.length === 0) return 0;
    if (next.kind === 'book') await book(claimed);
    else if (next.kind === 'labels') await checkLabels(claimed);
    else await printSlips(claimed);
    return claimed.length;
  }

  return {
    work,
    /** The timer's run: turns of work while there is some, for up to `budgetMs` of wall time. */
    async workWhileBusy(budgetMs = 2000): Promise<void> {
      const until = Date.now() + budgetMs;
      let worked = await work();
      while (worked > 0 && Date.now() < until) worked = await work();
    },

    /** Starts a job on the chosen orders; the timer works it through (`work`). */
    async create(request: DispatchJobRequest, userId: number): Promise<DispatchJob> {
      const orderIds = await chooseOrders(request, MAX_DISPATCH_JOB_ORDERS);
      const valid = orderIds.filter(isOrderId);
      const found = await orderNumbersOf(db, valid);
      if (found.size !== orderIds.length) {
        throw invalid('Some of the chosen orders were not found; reload the list');
      }
      const booking = await inActiveBooking(orderIds);
      if (request.kind === 'labels' && booking.size > 0)
        throw conflict(DISPATCH_MESSAGES.labelsWaitForBookings);
      const now = clock.now();
      try {
        const job = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(dispatchJobs)
            .values({ kind: request.kind, createdBy: userId, total: orderIds.length, createdAt: now })
            .returning();
          // In chunks, so that a job of thousands of orders stays within a statement's parameters.
          for (let start = 0; start < orderIds.length; start += 1000) {
            await tx.insert(dispatchJobOrders).values(
              orderIds.slice(start, start + 1000).map((orderId, index) => {
                const elsewhere = request.kind === 'book' && booking.has(orderId);
                return {
                  jobId: created!.id,
                  orderId,
                  kind: request.kind,
                  position: start + index,
                  state: elsewhere ? ('failed' as const) : ('waiting' as const),
                  message: elsewhere ? DISPATCH_MESSAGES.inAnotherBooking : '',
                  updatedAt: now,
                };
              }),
            );
          }
          return created!;
        });
        return jobOf(job);
      } catch (error) {
        // Two booking jobs started at once on one order: the index lets only one have it.
        // The drivers' errors are untyped: PostgreSQL's code 23505 is a unique violation.
        if ((error as { code?: string }).code === '23505' || /unique/i.test(String(error))) {
          throw conflict('Another booking job has just taken some of these orders; look at the jobs below');
        }
        throw error;
      }
    },

    async get(jobId: string): Promise<DispatchJob> {
      return jobOf(await jobRow(jobId));
    },

    /** The latest jobs, newest first. */
    async list(limit = 10): Promise<DispatchJobSummary[]> {
      return summariesOf(
        await db.select().from(dispatchJobs).orderBy(desc(dispatchJobs.createdAt)).limit(limit),
      );
    },

    /** Puts the orders that failed back in the queue (an order booked meanwhile is not booked twice). */
    async resume(jobId: string): Promise<DispatchJob> {
      const row = await jobRow(jobId);
      const failed = await db
        .select({ orderId: dispatchJobOrders.orderId })
        .from(dispatchJobOrders)
        .where(and(eq(dispatchJobOrders.jobId, row.id), eq(dispatchJobOrders.state, 'failed')));
      const elsewhere =
        row.kind === 'book' ? await inActiveBooking(failed.map((item) => item.orderId)) : new Set();
      const again = failed.map((item) => item.orderId).filter((orderId) => !elsewhere.has(orderId));
      if (row.kind === 'labels' && (await inActiveBooking(again)).size > 0) {
        throw conflict(DISPATCH_MESSAGES.labelsWaitForBookings);
      }
      if (again.length > 0) {
        await db
          .update(dispatchJobOrders)
          .set({ state: 'waiting', message: '', updatedAt: clock.now() })
          .where(
            and(
              eq(dispatchJobOrders.jobId, row.id),
              eq(dispatchJobOrders.state, 'failed'),
              inArray(dispatchJobOrders.orderId, again),
            ),
          );
      }
      return jobOf(row);
    },

    /** A finished print job's PDF: the slips' parts, or the labels of the orders booked, in the list's order. */
    async file(jobId: string): Promise<{ kind: DispatchJobKind; pdf: Buffer; count: number }> {
      const job = await jobOf(await jobRow(jobId));
      if (job.kind === 'book') throw invalid('A booking job has a pickup manifest, not a PDF to print');
      if (!job.finished) throw conflict(DISPATCH_MESSAGES.notFinished);
      const pdfs =
        job.kind === 'slips'
          ? (
              await db
                .select({ pdf: dispatchJobParts.pdf })
                .from(dispatchJobParts)
                .where(eq(dispatchJobParts.jobId, job.id))
                .orderBy(asc(dispatchJobParts.firstPosition))
            ).map((row) => row.pdf)
          : await labelsInOrder(await doneOrderIds(job.id));
      if (pdfs.length === 0) throw notFound('Nothing in this job could be printed');
      return { kind: job.kind, pdf: await pdfPool.mergePdfs(pdfs), count: job.done };
    },

    /** Decision 0077: the parcels a booking job booked, for the courier's pickup agent to sign. */
    async manifest(jobId: string): Promise<{ pdf: Buffer; count: number }> {
      const row = await jobRow(jobId);
      if (row.kind !== 'book') throw invalid(DISPATCH_MESSAGES.noManifest);
      const orderIds = await doneOrderIds(row.id);
      const [rows, shipmentOf] = await Promise.all([ordersOf(db, orderIds), openShipmentsOf(db, orderIds)]);
      const orderOf = new Map(rows.map((order) => [order.id, order]));
      const parcels = orderIds.flatMap((orderId) => {
        const order = orderOf.get(orderId);
        const shipment = shipmentOf.get(orderId);
        return order && shipment ? [{ order, shipment }] : [];
      });
      if (parcels.length === 0) throw notFound(DISPATCH_MESSAGES.noManifest);
      const couriers = [...new Set(parcels.map(({ shipment }) => shipment.courierName))];
      const pdf = await pdfPool.renderPickupManifest({
        storeName: store.storeName,
        printedAt: formatIndiaDateTime(clock.now()),
        courier: couriers.join(', '),
        parcels: parcels.map(({ order, shipment }) => {
          const address = addressOf(order);
          return {
            orderNumber: order.orderNumber,
            awb: shipment.awb,
            courier: shipment.courierName,
            consignee: address.fullName,
            destination: `${address.city} ${order.deliveryPincode}`,
            weightGrams: shipment.weightGrams,
            codToCollect: order.paymentMethod === 'cod' ? toRupees(order.totalPaise) : null,
          };
        }),
      });
      return { pdf, count: parcels.length };
    },
  };
}
