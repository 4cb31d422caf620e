import { and, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { shipments } from './tables';

// What other modules ask of an order's shipment (decision 0094).

/** The status of the order's open (not cancelled) shipment; null when it has none. */
export async function openShipmentStatusOf(runner: Queryable, orderId: string): Promise<string | null> {
  const [shipment] = await runner
    .select({ status: shipments.status })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), isNull(shipments.cancelledAt)));
  return shipment?.status ?? null;
}

/** Decision 0065: whether the order has a shipment booked (not cancelled): its parcel is the courier's. */
export async function hasOpenShipment(runner: Queryable, orderId: string): Promise<boolean> {
  return (await openShipmentStatusOf(runner, orderId)) !== null;
}

/** The same, for another module's query over orders, given the column that holds the order's id. */
export const isBookedWithCourier = (orderId: SQLWrapper): SQL<boolean> =>
  sql`exists (select 1 from ${shipments} where ${shipments.orderId} = ${orderId} and ${shipments.cancelledAt} is null)`;

/** These orders' open shipments (their AWB, courier and weight, not their labels), by order id. */
export async function openShipmentsOf(runner: Queryable, orderIds: readonly string[]) {
  const rows =
    orderIds.length === 0
      ? []
      : await runner
          .select({
            orderId: shipments.orderId,
            awb: shipments.awb,
            courierName: shipments.courierName,
            weightGrams: shipments.weightGrams,
          })
          .from(shipments)
          .where(and(inArray(shipments.orderId, [...orderIds]), isNull(shipments.cancelledAt)));
  return new Map(rows.map((row) => [row.orderId, row]));
}

/** The label PDFs of these orders' open shipments, by order id. */
export async function openLabelsOf(
  runner: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, Buffer>> {
  const rows =
    orderIds.length === 0
      ? []
      : await runner
          .select({ orderId: shipments.orderId, label: shipments.label })
          .from(shipments)
          .where(and(inArray(shipments.orderId, [...orderIds]), isNull(shipments.cancelledAt)));
  return new Map(rows.map((row) => [row.orderId, row.label]));
}
