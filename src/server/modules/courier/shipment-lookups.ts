import { and, eq, isNull } from 'drizzle-orm';
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
