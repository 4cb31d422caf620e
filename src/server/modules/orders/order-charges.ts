import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type FeeCharge,
  type FeeKind,
  type FeeRecord,
  feeCharge,
  feeRecordOf,
} from '../../../shared/order-charges';
import type { Queryable, Tx } from '../../db/client';
import { orderCharges } from './tables';

/** A fee as an order stores it (decision 0072): the model's fee charge. */
export type StoredFee = Omit<FeeCharge, 'quantity'>;

/** Writes the order's fees (the model's fee charges) as its rows, in the order's transaction. */
export async function insertFees(tx: Tx, orderId: string, fees: readonly FeeCharge[]): Promise<void> {
  if (fees.length === 0) return;
  await tx.insert(orderCharges).values(
    fees.map((fee) => ({
      orderId,
      kind: fee.kind,
      label: fee.label,
      amountPaise: fee.paise,
      code: fee.code,
      gstRateBp: fee.gstRateBp,
    })),
  );
}

/**
 * Sets one fee of an order to `paise` (an edit that moves it, decision 0066), priced by the model:
 * its row is written, or removed when nothing is charged any more (shipping stays, as 'Free').
 */
export async function setFee(
  tx: Tx,
  orderId: string,
  kind: FeeKind,
  paise: number,
  label?: string,
): Promise<void> {
  if (paise === 0 && kind !== 'shipping') {
    await tx.delete(orderCharges).where(and(eq(orderCharges.orderId, orderId), eq(orderCharges.kind, kind)));
    return;
  }
  const fee = feeCharge(kind, paise, label);
  await tx
    .insert(orderCharges)
    .values({ orderId, kind, label: fee.label, amountPaise: paise, code: fee.code, gstRateBp: fee.gstRateBp })
    .onConflictDoUpdate({
      target: [orderCharges.orderId, orderCharges.kind],
      set: { label: fee.label, amountPaise: paise, code: fee.code, gstRateBp: fee.gstRateBp },
    });
}

/** The fees of each order, in the order they were charged. */
export async function feesByOrder(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, StoredFee[]>> {
  const byOrder = new Map<string, StoredFee[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderCharges)
    .where(inArray(orderCharges.orderId, [...orderIds]))
    .orderBy(asc(orderCharges.id));
  for (const row of rows) {
    const fees = byOrder.get(row.orderId) ?? [];
    fees.push({
      kind: row.kind,
      label: row.label,
      paise: row.amountPaise,
      code: row.code,
      gstRateBp: row.gstRateBp,
    });
    byOrder.set(row.orderId, fees);
  }
  return byOrder;
}

export async function feesOfOrder(db: Queryable, orderId: string): Promise<StoredFee[]> {
  return (await feesByOrder(db, [orderId])).get(orderId) ?? [];
}

/** What the order paid for delivery: every fee (shipping, a slot, cash on delivery). */
export const deliveryPaidPaise = (fees: readonly StoredFee[]) =>
  fees.reduce((sum, fee) => sum + fee.paise, 0);

export const feePaiseOf = (fees: readonly StoredFee[], kind: FeeKind) =>
  fees.find((fee) => fee.kind === kind)?.paise ?? 0;

export const feeRecordsOf = (fees: readonly StoredFee[]): FeeRecord[] => fees.map(feeRecordOf);
