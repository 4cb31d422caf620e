import type {
  BulkDocuments,
  BulkOrderResult,
  BulkStatusChange,
  BulkStatusResponse,
} from '../../../shared/api/admin-bulk';
import { MAX_BULK_ORDERS, MAX_PDF_ORDERS, stepsTo } from '../../../shared/bulk-orders';
import { indiaDateOf } from '../../../shared/india-time';
import {
  COURIER_OWNS_MESSAGE,
  courierOwnsStep,
  type OrderStatus,
  orderStatusLabel,
} from '../../../shared/order-status';
import { packingSlipOf } from '../../../shared/packing-slip';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import { hasOpenShipment } from '../courier';
import { currentInvoicesOf, type PdfPool } from '../invoices';
import { mailStatusIfDue, orderRecordsOf } from '../order-records';
import { isOrderId, lockedOrderOf, ordersOf, ownerNoteOf, recordStatus, setOrderStatus } from '../orders';
import { orderListOrder, orderListWhere } from './admin-order-service';
import { orderDeskRows } from './tables';

export type AdminBulkService = ReturnType<typeof createAdminBulkService>;

/**
 * Bulk work: many orders moved along, or printed, in one action. Each order moves in a
 * transaction of its own (so one that cannot move never holds back or half-changes another), and
 * a request is bounded (MAX_BULK_ORDERS to move, MAX_PDF_ORDERS to print).
 */
export function createAdminBulkService({
  db,
  clock,
  store,
  pdfPool,
  photoForPrint,
}: {
  db: Db;
  clock: Clock;
  store: StoreIdentity;
  pdfPool: PdfPool;
  /** Decision 0080: a shopper's personalisation photo as the slip prints it, or null. */
  photoForPrint: (reference: string) => Promise<Uint8Array | null>;
}) {
  /** The ticked orders, or every order the list's filter matches (refused beyond `max`). */
  async function chosenIds(selection: Pick<BulkDocuments, 'orderIds' | 'filter'>, max: number) {
    if (selection.orderIds) return selection.orderIds;
    const rows = await db
      .select({ id: orderDeskRows.id })
      .from(orderDeskRows)
      .where(orderListWhere(selection.filter ?? {}, indiaDateOf(clock.now())))
      .orderBy(...orderListOrder(selection.filter ?? {}))
      .limit(max + 1);
    if (rows.length === 0) throw invalid('No orders match this filter');
    if (rows.length > max) {
      throw invalid(`More than ${max} orders match this filter; narrow it to ${max} or fewer`);
    }
    return rows.map((row) => row.id);
  }

  /** One order forward to `to`, each step checked by the status machine, in one transaction. */
  async function moveOne(
    orderId: string,
    to: string,
    ownerNote: { text: string; toCustomer: boolean },
  ): Promise<BulkOrderResult> {
    const unknown = { orderId, orderNumber: '', from: '', moved: false, message: 'Order not found' };
    if (!isOrderId(orderId)) return unknown;
    return db.transaction(async (tx) => {
      // Locked until the end, so an admin's single change or the expiry sweep waits for this one.
      const row = await lockedOrderOf(tx, orderId);
      if (!row) return unknown;
      const result = { orderId, orderNumber: row.orderNumber, from: row.status };
      const steps = stepsTo(row.status, to);
      if (!steps) {
        const message =
          row.status === to
            ? `Already ${orderStatusLabel(to)}`
            : `An order that is ${orderStatusLabel(row.status)} cannot move forward to ${orderStatusLabel(to)}`;
        return { ...result, moved: false, message };
      }
      // Decision 0065: once booked, shipped and every step after it come from the courier's scans.
      const from = row.status as OrderStatus;
      if (steps.some((step) => courierOwnsStep(from, step)) && (await hasOpenShipment(tx, row.id))) {
        return { ...result, moved: false, message: COURIER_OWNS_MESSAGE };
      }
      const { note, internalNote } = ownerNoteOf(ownerNote.text, ownerNote.toCustomer);
      const now = clock.now();
      await setOrderStatus(tx, { orderId: row.id, to, at: now });
      // Every step on the timeline, a millisecond apart so they read in order; the note on the last.
      for (const [index, status] of steps.entries()) {
        await recordStatus(tx, {
          orderId: row.id,
          status,
          note: status === to ? note : '',
          internalNote: status === to ? internalNote : '',
          actor: 'admin',
          at: new Date(now.getTime() + index),
        });
      }
      // At most one e-mail for the order's new status, not one per step passed through.
      await mailStatusIfDue(tx, store, row, to, note, now);
      return { ...result, moved: true, message: '' };
    });
  }

  return {
    chosenIds,
    async changeStatus(change: BulkStatusChange): Promise<BulkStatusResponse> {
      const ids = await chosenIds(change, MAX_BULK_ORDERS);
      const results: BulkOrderResult[] = [];
      // One after another: each is a short transaction, and a bulk action must not starve checkout.
      for (const id of ids)
        results.push(
          await moveOne(id, change.status, { text: change.note, toCustomer: change.noteToCustomer }),
        );
      const moved = results.filter((result) => result.moved).length;
      return { status: change.status, moved, refused: results.length - moved, results };
    },

    /**
     * The chosen orders' packing slips (and invoices, unless `slipsOnly`) as one PDF, laid out in
     * the PDF worker pool: the one slip renderer, for one order's slip as for a dispatch job's pile.
     */
    async documentsPdf(
      selection: BulkDocuments,
      { slipsOnly = false }: { slipsOnly?: boolean } = {},
    ): Promise<{ pdf: Buffer; count: number }> {
      const ids = await chosenIds(selection, MAX_PDF_ORDERS);
      const valid = ids.filter(isOrderId);
      const rows = await ordersOf(db, valid);
      if (rows.length !== ids.length)
        throw notFound('Some of the chosen orders were not found; reload the list');
      const [records, invoiceOf] = await Promise.all([
        orderRecordsOf(db, rows),
        currentInvoicesOf(db, valid),
      ]);
      const recordOf = new Map(records.map((record) => [record.id, record]));
      // In the order they were chosen (the list's order), so the pile matches the screen.
      const documents = ids.flatMap((id) => {
        const record = recordOf.get(id);
        return record
          ? [
              {
                slip: packingSlipOf(record, store.storeName),
                invoice: slipsOnly ? null : (invoiceOf.get(id) ?? null),
              },
            ]
          : [];
      });
      // Decision 0080: the slip prints the photo itself, as the one-order slip shows it.
      const photos: Record<string, Uint8Array> = {};
      for (const { slip } of documents)
        for (const item of slip.items) {
          const reference = item.personalisation?.photo;
          if (!reference || reference in photos) continue;
          const bytes = await photoForPrint(reference);
          if (bytes) photos[reference] = bytes;
        }
      const withPhotos = documents.map((document) => ({
        ...document,
        photos: Object.fromEntries(
          document.slip.items.flatMap((item) => {
            const reference = item.personalisation?.photo;
            const bytes = reference ? photos[reference] : undefined;
            return reference && bytes ? [[reference, bytes] as const] : [];
          }),
        ),
      }));
      return { pdf: await pdfPool.renderOrderDocuments(withPhotos), count: documents.length };
    },
  };
}
