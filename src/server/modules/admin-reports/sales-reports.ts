import { and, asc, desc, eq, gte, lt, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type ReportColumnKind,
  SALES_REPORTS,
  type SalesReport,
  type SalesReportKind,
  type SalesReportQuery,
} from '../../../shared/api/admin-reports';
import { addDays, indiaDayEnd, indiaDayStart } from '../../../shared/india-time';
import { toRupees } from '../../../shared/money';
import { ledgerReasonLabel } from '../../../shared/money-ledger';
import { guardFormula, rupeesCell, toCsv } from '../../csv';
import type { Db } from '../../db/client';
import { paidOrdersByDay } from '../orders';
import { codRemittances, reportMoneyLines, reportSaleLines } from './tables';

/**
 * Decision 0076: the owner's reports over any range of India-time days. A sale is an order whose
 * money came in (paid online, marked paid, or its cash collected on delivery: `paid_at`), counted on
 * the India day it came in, whatever became of it after: refunds are their own report, so sales
 * less refunds is the net, as the GST register's invoices less its credit notes. Every figure is
 * in paise here; rupees only at the edges (the JSON and the CSV).
 */
type Cell = string | number;
/** `adds` false: a count that does not add up across rows (an order holds several products). */
type Column = { label: string; kind: ReportColumnKind; adds?: false };
type Table = { columns: Column[]; rows: Cell[][] };

const text = (label: string): Column => ({ label, kind: 'text' });
const countOf = (label: string): Column => ({ label, kind: 'count' });
const ordersAcrossRows: Column = { label: 'Orders', kind: 'count', adds: false };
const money = (label: string): Column => ({ label, kind: 'money' });

const indiaDay = (instant: unknown) =>
  sql<string>`to_char((${instant} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

export function createSalesReports({ db }: { db: Db }) {
  async function salesByDay(range: SalesReportQuery): Promise<Table> {
    const rows = await paidOrdersByDay(db, indiaDayStart(range.from), indiaDayEnd(range.to));
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const days: Cell[][] = [];
    for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
      const row = byDay.get(day);
      const total = Number(row?.totalPaise ?? 0);
      const charges = Number(row?.chargesPaise ?? 0);
      // Decision 0072: an order's total is its items less the discount plus its charges.
      days.push([day, row?.orders ?? 0, Number(row?.units ?? 0), total - charges, charges, total]);
    }
    return {
      columns: [
        text('Day'),
        countOf('Orders'),
        countOf('Units'),
        money('Items (₹)'),
        money('Charges (₹)'),
        money('Total (₹)'),
      ],
      rows: days,
    };
  }

  // The lines of the orders sold in the range, with their product and its category.
  const soldFigures = {
    units: sql<string>`sum(${reportSaleLines.quantity})`,
    orders: sql<number>`count(distinct ${reportSaleLines.orderId})::int`,
    paise: sql<string>`sum(${reportSaleLines.linePaise})`,
  };
  const soldWithin = (range: SalesReportQuery) =>
    and(
      gte(reportSaleLines.paidAt, indiaDayStart(range.from)),
      lt(reportSaleLines.paidAt, indiaDayEnd(range.to)),
    );
  // The best sellers first; `name` orders those that sold the same.
  const bestFirst = (name: SQLWrapper) => [desc(sql`sum(${reportSaleLines.linePaise})`), asc(name)];

  async function salesByProduct(range: SalesReportQuery): Promise<Table> {
    const rows = await db
      .select({
        name: reportSaleLines.productName,
        sku: reportSaleLines.sku,
        category: reportSaleLines.categoryName,
        ...soldFigures,
      })
      .from(reportSaleLines)
      .where(soldWithin(range))
      .groupBy(
        reportSaleLines.productId,
        reportSaleLines.productName,
        reportSaleLines.sku,
        reportSaleLines.categoryName,
      )
      .orderBy(...bestFirst(reportSaleLines.productName));
    return {
      columns: [
        text('Product'),
        text('SKU'),
        text('Category'),
        countOf('Units'),
        ordersAcrossRows,
        money('Sales (₹)'),
      ],
      rows: rows.map((row) => [
        row.name,
        row.sku ?? '',
        row.category,
        Number(row.units),
        row.orders,
        Number(row.paise),
      ]),
    };
  }

  async function salesByCategory(range: SalesReportQuery): Promise<Table> {
    const rows = await db
      .select({ category: reportSaleLines.categoryName, ...soldFigures })
      .from(reportSaleLines)
      .where(soldWithin(range))
      .groupBy(reportSaleLines.categoryId, reportSaleLines.categoryName)
      .orderBy(...bestFirst(reportSaleLines.categoryName));
    return {
      columns: [text('Category'), countOf('Units'), ordersAcrossRows, money('Sales (₹)')],
      rows: rows.map((row) => [row.category, Number(row.units), row.orders, Number(row.paise)]),
    };
  }

  const ledgerWithin = (range: SalesReportQuery) =>
    and(
      gte(reportMoneyLines.createdAt, indiaDayStart(range.from)),
      lt(reportMoneyLines.createdAt, indiaDayEnd(range.to)),
    );

  /** Every refund the ledger recorded in the range, on the India day the money went back. */
  async function refunds(range: SalesReportQuery): Promise<Table> {
    const rows = await db
      .select({
        day: indiaDay(reportMoneyLines.createdAt),
        orderNumber: reportMoneyLines.orderNumber,
        reason: reportMoneyLines.reason,
        paise: reportMoneyLines.amountPaise,
        reference: reportMoneyLines.providerRef,
      })
      .from(reportMoneyLines)
      .where(and(eq(reportMoneyLines.kind, 'refunded'), ledgerWithin(range)))
      .orderBy(asc(reportMoneyLines.createdAt), asc(reportMoneyLines.id));
    return {
      columns: [text('Day'), text('Order'), text('Reason'), text('Reference'), money('Refunded (₹)')],
      rows: rows.map((row) => [
        row.day,
        row.orderNumber,
        ledgerReasonLabel(row.reason),
        row.reference ?? '',
        row.paise,
      ]),
    };
  }

  /**
   * Decision 0067: each COD order's cash collected in the range, what the courier remitted of it
   * (its remittance report, matched by AWB) and what it still owes the store.
   */
  async function cashOnDelivery(range: SalesReportQuery): Promise<Table> {
    const rows = await db
      .select({
        day: indiaDay(reportMoneyLines.createdAt),
        orderNumber: reportMoneyLines.orderNumber,
        collectedPaise: reportMoneyLines.amountPaise,
        remittedPaise: sql<string>`coalesce(sum(${codRemittances.amountPaise}), 0)`,
        remittedOn: sql<string | null>`max(${codRemittances.remittedOn})`,
        reference: sql<string | null>`string_agg(${codRemittances.reference}, ' ')`,
      })
      .from(reportMoneyLines)
      .leftJoin(codRemittances, eq(codRemittances.orderId, reportMoneyLines.orderId))
      .where(and(eq(reportMoneyLines.kind, 'cod_collected'), ledgerWithin(range)))
      .groupBy(
        reportMoneyLines.id,
        reportMoneyLines.orderNumber,
        reportMoneyLines.createdAt,
        reportMoneyLines.amountPaise,
      )
      .orderBy(asc(reportMoneyLines.createdAt), asc(reportMoneyLines.id));
    return {
      columns: [
        text('Collected on'),
        text('Order'),
        money('Collected (₹)'),
        money('Remitted (₹)'),
        text('Remitted on'),
        text('UTR'),
        money('Owed (₹)'),
      ],
      rows: rows.map((row) => {
        const remitted = Number(row.remittedPaise);
        return [
          row.day,
          row.orderNumber,
          row.collectedPaise,
          remitted,
          row.remittedOn ?? '',
          row.reference ?? '',
          Math.max(row.collectedPaise - remitted, 0),
        ];
      }),
    };
  }

  const TABLES: Record<SalesReportKind, (range: SalesReportQuery) => Promise<Table>> = {
    'sales-by-day': salesByDay,
    'sales-by-product': salesByProduct,
    'sales-by-category': salesByCategory,
    refunds,
    cod: cashOnDelivery,
  };

  /** The totals row: each count and money column added up, the first cell naming it. */
  const totalsOf = (table: Table): (number | null)[] =>
    table.columns.map((column, index) =>
      column.kind === 'text' || column.adds === false
        ? null
        : table.rows.reduce((sum, row) => sum + Number(row[index] ?? 0), 0),
    );

  return {
    /** The report as the screen shows it: money in rupees. */
    async report(kind: SalesReportKind, range: SalesReportQuery): Promise<SalesReport> {
      const table = await TABLES[kind](range);
      const inRupees = (cell: Cell | null, index: number) =>
        table.columns[index]?.kind === 'money' && typeof cell === 'number' ? toRupees(cell) : cell;
      const totals = totalsOf(table).map(inRupees);
      return {
        report: kind,
        title: SALES_REPORTS[kind],
        from: range.from,
        to: range.to,
        columns: table.columns.map(({ label, kind: cellKind }) => ({ label, kind: cellKind })),
        rows: table.rows.map((row) => row.map(inRupees) as Cell[]),
        totals: ['Total', ...totals.slice(1)],
      };
    },

    /** The same table as CSV, money as rupees with two decimals, with its totals row. */
    async csv(kind: SalesReportKind, range: SalesReportQuery): Promise<string> {
      const table = await TABLES[kind](range);
      const cellOf = (cell: Cell | null, index: number) =>
        cell === null
          ? ''
          : table.columns[index]?.kind === 'money'
            ? rupeesCell(Number(cell))
            : typeof cell === 'number'
              ? String(cell)
              : guardFormula(cell);
      return toCsv([
        [`${SALES_REPORTS[kind]} ${range.from} to ${range.to}`],
        table.columns.map((column) => column.label),
        ...table.rows.map((row) => row.map(cellOf)),
        [
          'Total',
          ...totalsOf(table)
            .slice(1)
            .map((cell, index) => cellOf(cell, index + 1)),
        ],
      ]);
    },
  };
}

export type SalesReports = ReturnType<typeof createSalesReports>;
