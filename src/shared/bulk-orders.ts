import { canTransition, type OrderStatus } from './order-status';

// Bulk work: the back office moves many orders along in one action.

/** At most this many orders per bulk status change: one transaction each keeps a request bounded. */
export const MAX_BULK_ORDERS = 500;
/** At most this many orders in one PDF of packing slips and invoices (about two pages each). */
export const MAX_PDF_ORDERS = 100;

/**
 * DESIGN 4 "Status machine": the fulfilment line a paid order follows. A bulk change walks each
 * order forward along it, step by step, so "mark 20 paid orders packed" passes through Order
 * Confirmed and Processing as single clicks would; cancelling, returns and failed deliveries stay
 * one order at a time (a cancellation refunds money and asks the owner first).
 */
const FULFILMENT_LINE = [
  'paid',
  'confirmed',
  'processing',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
] as const satisfies readonly OrderStatus[];

/** The statuses a bulk change may move orders to. */
export const BULK_STATUSES = FULFILMENT_LINE.slice(1);
export type BulkStatus = (typeof BULK_STATUSES)[number];

/**
 * The steps that take an order from `from` to `to` along the fulfilment line, each allowed by the
 * status machine; null when `to` is not ahead of `from` on it.
 */
export function stepsTo(from: string, to: string): OrderStatus[] | null {
  const line: readonly string[] = FULFILMENT_LINE;
  const start = line.indexOf(from);
  const end = line.indexOf(to);
  if (start < 0 || end <= start) return null;
  const steps = FULFILMENT_LINE.slice(start + 1, end + 1);
  let at = from as OrderStatus;
  for (const step of steps) {
    if (!canTransition(at, step)) return null;
    at = step;
  }
  return steps;
}
