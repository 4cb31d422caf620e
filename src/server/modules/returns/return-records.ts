import { asc, inArray } from 'drizzle-orm';
import type { ReturnRecord } from '../../../shared/api/returns';
import { toRupees } from '../../../shared/money';
import type { Db, Tx } from '../../db/client';
import { boughtLinesOf } from '../orders';
import { returnItems, returnPhotos, returnRequests } from './tables';

type ReturnRow = typeof returnRequests.$inferSelect;

/** Return requests with their items and photo ids, as the customer and the owner see them. */
export async function returnRecordsOf(db: Db | Tx, rows: readonly ReturnRow[]): Promise<ReturnRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [returned, photos] = await Promise.all([
    db
      .select({
        returnId: returnItems.returnId,
        orderItemId: returnItems.orderItemId,
        quantity: returnItems.quantity,
        amountPaise: returnItems.amountPaise,
      })
      .from(returnItems)
      .where(inArray(returnItems.returnId, ids))
      .orderBy(asc(returnItems.id)),
    db
      .select({ id: returnPhotos.id, returnId: returnPhotos.returnId })
      .from(returnPhotos)
      .where(inArray(returnPhotos.returnId, ids))
      .orderBy(asc(returnPhotos.id)),
  ]);
  // The product and name as bought (orders'): a returned item whose line is gone is left out, as
  // the join of both tables that read them did.
  const boughtAs = await boughtLinesOf(
    db,
    returned.map((item) => item.orderItemId),
  );
  const items = returned.flatMap(({ orderItemId, ...item }) => {
    const line = boughtAs.get(orderItemId);
    return line ? [{ ...item, ...line }] : [];
  });
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    reason: row.reason,
    kind: row.kind,
    items: items
      .filter((item) => item.returnId === row.id)
      .map((item) => ({
        productId: item.productId,
        name: item.name,
        quantity: item.quantity,
        amount: toRupees(item.amountPaise),
      })),
    refundAmount: toRupees(row.refundPaise),
    deliveryRefund: toRupees(row.deliveryRefundPaise),
    refundMethod: row.refundMethod,
    refundPaidAt: row.refundPaidAt?.toISOString() ?? null,
    refundReference: row.refundReference,
    pickup: row.pickupAwb
      ? { awb: row.pickupAwb, courier: row.pickupCourier ?? '', status: row.pickupStatus }
      : null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    refundReleasedAt: row.refundReleasedAt?.toISOString() ?? null,
    payeeGiven: row.payeeGivenAt !== null,
    decisionNote: row.decisionNote,
    photoIds: photos.filter((photo) => photo.returnId === row.id).map((photo) => photo.id),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }));
}

/** The return requests of these orders, oldest first, by order id. */
export async function returnsByOrder(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Map<string, ReturnRecord[]>> {
  const rows =
    orderIds.length === 0
      ? []
      : await db
          .select()
          .from(returnRequests)
          .where(inArray(returnRequests.orderId, [...orderIds]))
          .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
  const records = await returnRecordsOf(db, rows);
  const byOrder = new Map<string, ReturnRecord[]>();
  rows.forEach((row, index) => {
    const record = records[index];
    if (record) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), record]);
  });
  return byOrder;
}
