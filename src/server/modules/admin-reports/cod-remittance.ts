import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type CodCashState,
  type CodRemittanceReport,
  REMITTANCE_COLUMNS,
  REMITTANCE_MESSAGES,
} from '../../../shared/api/cod-remittance';
import { addDays, indiaDateOf } from '../../../shared/india-time';
import { toPaise, toRupees } from '../../../shared/money';
import type { Clock } from '../../clock';
import { CsvError, parseCsv } from '../../csv';
import type { Db, Queryable } from '../../db/client';
import { invalid } from '../../errors';
import { codRemittances, reportMoneyLines, reportShipments } from './tables';

/** The most lines one remittance report may hold (a courier remits a few hundred a cycle). */
const MAX_LINES = 5000;

/** Which column of the report holds what: the first header that names it (case and spaces aside). */
function columnsOf(header: readonly string[]) {
  const names = header.map((name) => name.trim().toLowerCase().replace(/\s+/g, ' '));
  const find = (aliases: readonly string[]) => names.findIndex((name) => aliases.includes(name));
  const columns = {
    awb: find(REMITTANCE_COLUMNS.awb),
    amount: find(REMITTANCE_COLUMNS.amount),
    reference: find(REMITTANCE_COLUMNS.reference),
    date: find(REMITTANCE_COLUMNS.date),
  };
  const missing = Object.entries(columns)
    .filter(([, index]) => index < 0)
    .map(([name]) => name);
  if (missing.length > 0) throw invalid(REMITTANCE_MESSAGES.columnsMissing(missing));
  return columns;
}

/** A report's date ('2031-10-06', '06-10-2031' or '06/10/2031') as an India date, or null. */
function remittanceDate(value: string): string | null {
  const text = value.trim().slice(0, 10);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return text;
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text);
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : null;
}

export type CodRemittanceService = ReturnType<typeof createCodRemittanceService>;

/**
 * Decision 0067: the courier's COD remittances, imported from its CSV report and matched by AWB to
 * the orders whose cash it collected; each COD order's cash is then collected (with the courier),
 * remitted (with the bank reference) or overdue (collected longer ago than the owner's cycle).
 */
export function createCodRemittanceService({
  db,
  clock,
  remittanceDays,
}: {
  db: Db;
  clock: Clock;
  /** The owner's setting: days the courier takes to remit (its COD cycle). */
  remittanceDays: () => Promise<number>;
}) {
  /** Every delivered COD order's cash: when collected, and the remittance that paid it, if any. */
  async function cashStates(runner: Queryable, orderIds?: readonly string[]): Promise<CodCashState[]> {
    const rows = await runner
      .select({
        orderId: reportMoneyLines.orderId,
        orderNumber: reportMoneyLines.orderNumber,
        awb: reportShipments.awb,
        collectedPaise: reportMoneyLines.amountPaise,
        collectedAt: reportMoneyLines.createdAt,
        reference: codRemittances.reference,
        remittedOn: codRemittances.remittedOn,
      })
      .from(reportMoneyLines)
      .leftJoin(
        reportShipments,
        and(eq(reportShipments.orderId, reportMoneyLines.orderId), isNull(reportShipments.cancelledAt)),
      )
      .leftJoin(codRemittances, eq(codRemittances.orderId, reportMoneyLines.orderId))
      .where(
        and(
          eq(reportMoneyLines.kind, 'cod_collected'),
          ...(orderIds ? [inArray(reportMoneyLines.orderId, [...orderIds])] : []),
        ),
      )
      .orderBy(asc(reportMoneyLines.createdAt), asc(reportMoneyLines.orderNumber));
    const today = indiaDateOf(clock.now());
    const days = await remittanceDays();
    return rows.map((row) => {
      const collectedOn = indiaDateOf(row.collectedAt);
      const dueBy = addDays(collectedOn, days);
      return {
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        awb: row.awb,
        amount: toRupees(row.collectedPaise),
        collectedOn,
        state: row.reference ? 'remitted' : today > dueBy ? 'overdue' : 'collected',
        reference: row.reference,
        remittedOn: row.remittedOn,
        dueBy,
      };
    });
  }

  return {
    cashStates: (orderIds?: readonly string[]) => cashStates(db, orderIds),

    /**
     * Imports a remittance report: each line's AWB matched to its shipment's order, stored once per
     * AWB (a report imported twice changes nothing). Answers what it matched, what it could not,
     * and the COD orders whose cash is still with the courier, overdue first.
     */
    async importCsv(csv: string): Promise<CodRemittanceReport> {
      let records: string[][];
      try {
        records = parseCsv(csv);
      } catch (error) {
        if (error instanceof CsvError) throw invalid(error.message);
        throw error;
      }
      const [header, ...lines] = records.filter((record) => record.some((cell) => cell.trim() !== ''));
      if (!header || lines.length === 0) throw invalid(REMITTANCE_MESSAGES.empty);
      if (lines.length > MAX_LINES) throw invalid(REMITTANCE_MESSAGES.tooLong(MAX_LINES));
      const columns = columnsOf(header);
      const parsed = lines.map((line, index) => {
        const awb = (line[columns.awb] ?? '').trim();
        const amount = Number((line[columns.amount] ?? '').replace(/[₹,\s]/g, ''));
        const reference = (line[columns.reference] ?? '').trim();
        const date = remittanceDate(line[columns.date] ?? '');
        if (!awb || awb.length > 64 || !Number.isFinite(amount) || amount < 0 || !reference || !date)
          throw invalid(REMITTANCE_MESSAGES.badLine(index + 2));
        return { awb, amountPaise: toPaise(amount), reference: reference.slice(0, 100), date };
      });
      const now = clock.now();
      const awbs = parsed.map((line) => line.awb);
      const known = new Map(
        (
          await db
            .select({
              awb: reportShipments.awb,
              orderId: reportShipments.orderId,
              orderNumber: reportShipments.orderNumber,
            })
            .from(reportShipments)
            .where(and(inArray(reportShipments.awb, awbs), eq(reportShipments.paymentMethod, 'cod')))
        ).map((row) => [row.awb, row]),
      );
      const matched: string[] = [];
      const unknownAwbs: string[] = [];
      await db.transaction(async (tx) => {
        for (const line of parsed) {
          const shipment = known.get(line.awb);
          if (!shipment) {
            unknownAwbs.push(line.awb);
            continue;
          }
          await tx
            .insert(codRemittances)
            .values({
              awb: line.awb,
              orderId: shipment.orderId,
              amountPaise: line.amountPaise,
              reference: line.reference,
              remittedOn: line.date,
              importedAt: now,
            })
            .onConflictDoNothing();
          matched.push(shipment.orderNumber);
        }
      });
      const states = await cashStates(db);
      const stillWithCourier = states
        .filter((state) => state.state !== 'remitted')
        .sort((a, b) => (a.state === b.state ? 0 : a.state === 'overdue' ? -1 : 1));
      return {
        remitted: matched.sort(),
        unknownAwbs,
        stillWithCourier,
      };
    },

    /** The dashboard's figures: cash the courier holds (and how much of it is overdue) and what it remitted. */
    async figures(since: Date) {
      const states = await cashStates(db);
      const held = states.filter((state) => state.state !== 'remitted');
      const [remitted] = await db
        .select({ paise: sql<string>`coalesce(sum(${codRemittances.amountPaise}), 0)` })
        .from(codRemittances)
        .where(sql`${codRemittances.remittedOn} >= ${indiaDateOf(since)}`);
      return {
        codWithCourier: held.reduce((sum, state) => sum + state.amount, 0),
        codOverdue: held.filter((state) => state.state === 'overdue').length,
        codRemitted: toRupees(Number(remitted?.paise ?? 0)),
      };
    },
  };
}
