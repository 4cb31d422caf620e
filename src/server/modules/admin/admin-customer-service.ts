import { and, asc, count, desc, eq, gt, notLike, type SQL, sql } from 'drizzle-orm';
import {
  type AdminCustomerDetail,
  type AdminCustomerList,
  type AdminCustomerQuery,
  type AdminCustomerSummary,
  CORPORATE_MESSAGES,
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_RECENT_ORDERS,
} from '../../../shared/api/admin-customers';
import { toRupees } from '../../../shared/money';
import type { Clock } from '../../clock';
import { guardFormula, rupeesCell, toCsv } from '../../csv';
import type { Db } from '../../db/client';
import { DEMO_REVIEWER_PREFIX } from '../../db/seed';
import { containsPattern } from '../../db/sql-helpers';
import { conflict, notFound } from '../../errors';
import { addressesOf } from '../addresses';
import { businessAccountOf, lockBusinessAccount, setCorporateApproval } from '../auth';
import { latestOrdersOf } from '../orders';
import { type SettingsActor, writeAuditLine } from '../settings';
import { customerPhones, customerSummaries } from './tables';

export type AdminCustomerService = ReturnType<typeof createAdminCustomerService>;

const EXPORT_PAGE = 2000;
const CUSTOMER_NOT_FOUND = 'Customer not found';

/** Phone numbers are stored as typed ('98765 43210'); searches compare digits, without India's +91. */
function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}
/**
 * Finding people: the back office's customers, at 50,000 of them. A page is 25 rows
 * by id; a search finds ids through trigram indexes (users_full_name_trgm_idx, users_email_trgm_idx,
 * addresses_phone_digits_trgm_idx, orders_phone_digits_trgm_idx) and each row's figures are
 * read through the per-customer indexes of orders and the money ledger.
 */
export function createAdminCustomerService({ db, clock }: { db: Db; clock: Clock }) {
  // Decision 0094: an account's figures come with it from the customer_summaries view (migration
  // 0055), each read through the per-customer indexes of orders and the money ledger.
  const columns = {
    id: customerSummaries.id,
    name: customerSummaries.fullName,
    email: sql<string>`coalesce(${customerSummaries.email}, '')`,
    createdAt: customerSummaries.createdAt,
    phone: customerSummaries.phone,
    orderCount: customerSummaries.paidOrders,
    spendPaise: customerSummaries.spendPaise,
    lastOrderAt: customerSummaries.lastOrderAt,
  };
  type Row = {
    id: number;
    name: string;
    email: string;
    createdAt: Date;
    phone: string | null;
    orderCount: number;
    spendPaise: number;
    lastOrderAt: Date | null;
  };

  const summaryOf = (row: Row): AdminCustomerSummary => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    orderCount: row.orderCount,
    spend: toRupees(row.spendPaise),
    lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });

  /** Customers whose name, e-mail or a phone (saved or on an order) holds `q`. */
  function matching(q: string): SQL {
    const pattern = containsPattern(q);
    const digits = phoneDigits(q);
    const byPhone =
      digits.length >= 4
        ? sql`union select ${customerPhones.userId} from ${customerPhones}
            where ${customerPhones.digits} like ${`%${digits}%`}`
        : sql``;
    return sql`${customerSummaries.id} in (select ${customerSummaries.id} from ${customerSummaries}
      where ${customerSummaries.fullName} ilike ${pattern} or ${customerSummaries.email} ilike ${pattern} ${byPhone})`;
  }

  // Decision 0059: the demo reviewers are the seed's, not customers (no sign-in of any kind).
  const customersOnly = () =>
    and(
      eq(customerSummaries.role, 'customer'),
      notLike(customerSummaries.username, `${DEMO_REVIEWER_PREFIX}%`),
    );

  return {
    /**
     * Decision 0076: every customer as CSV, for the exportCustomers permission alone (DPDP s.8(5):
     * the list is personal data, so it leaves the store only by the hand the owner chose). Read in
     * pages of EXPORT_PAGE ids so 50,000 customers never sit in one result.
     */
    async exportCsv(): Promise<string> {
      const records: string[][] = [
        ['Name', 'E-mail', 'Phone', 'Paid orders', 'Spent (₹)', 'Last order', 'Joined'],
      ];
      let after = 0;
      for (;;) {
        const rows = await db
          .select(columns)
          .from(customerSummaries)
          .where(and(customersOnly(), gt(customerSummaries.id, after)))
          .orderBy(asc(customerSummaries.id))
          .limit(EXPORT_PAGE);
        for (const row of rows) {
          records.push([
            guardFormula(row.name),
            guardFormula(row.email),
            guardFormula(row.phone ?? ''),
            String(row.orderCount),
            rupeesCell(row.spendPaise),
            row.lastOrderAt?.toISOString() ?? '',
            row.createdAt.toISOString(),
          ]);
        }
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_PAGE) return toCsv(records);
        after = last.id;
      }
    },

    async list(query: AdminCustomerQuery): Promise<AdminCustomerList> {
      const where = and(customersOnly(), query.q ? matching(query.q) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(customerSummaries)
          .where(where)
          .orderBy(desc(customerSummaries.id))
          .limit(CUSTOMER_PAGE_SIZE)
          .offset((query.page - 1) * CUSTOMER_PAGE_SIZE),
        db.select({ total: count() }).from(customerSummaries).where(where),
      ]);
      return {
        data: rows.map(summaryOf),
        total: total?.total ?? 0,
        page: query.page,
        pageSize: CUSTOMER_PAGE_SIZE,
      };
    },

    async detail(id: number): Promise<AdminCustomerDetail> {
      const [row] = await db
        .select(columns)
        .from(customerSummaries)
        .where(and(eq(customerSummaries.id, id), eq(customerSummaries.role, 'customer')));
      const business = await businessAccountOf(db, id);
      if (!row || !business) throw notFound(CUSTOMER_NOT_FOUND);
      const [saved, orders] = await Promise.all([
        addressesOf(db, id),
        latestOrdersOf(db, id, CUSTOMER_RECENT_ORDERS),
      ]);
      // The default address first, then the newest.
      saved.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.id - a.id);
      return {
        customer: summaryOf(row),
        addresses: saved.map((address) => ({
          id: address.id,
          fullName: address.fullName,
          lines: [
            address.addressLine1,
            address.addressLine2,
            [address.city, address.state, address.postalCode].filter(Boolean).join(', '),
          ].filter(Boolean),
          phone: address.phone,
          isDefault: address.isDefault,
        })),
        orders: orders.latest.map((order) => ({
          id: order.id,
          orderNumber: order.orderNumber,
          status: order.status,
          createdAt: order.createdAt.toISOString(),
          totalAmount: toRupees(order.totalPaise),
        })),
        ordersTotal: orders.total,
        business: business.gstin ? { gstin: business.gstin, legalName: business.legalName } : null,
        corporateApprovedAt: business.corporateApprovedAt?.toISOString() ?? null,
      };
    },

    /**
     * Decision 0081: the owner approves a business account (one with a GSTIN) as a corporate
     * buyer, whose gift links a day are then the owner's corporate limit, or withdraws it; each
     * change is an audit line, as a change of settings or staff is.
     */
    async setCorporate(actor: SettingsActor, id: number, approved: boolean): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const customer = await lockBusinessAccount(tx, id);
        if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
        if (approved && !customer.gstin) throw conflict(CORPORATE_MESSAGES.needsGstin);
        if ((customer.corporateApprovedAt !== null) === approved) return;
        await setCorporateApproval(tx, id, approved ? now : null);
        const [ordinary, corporate] = ['ordinary account', `corporate account (GSTIN ${customer.gstin})`];
        await writeAuditLine(
          tx,
          {
            actor,
            area: 'customers',
            changes: [
              {
                key: customer.email ?? `customer ${id}`,
                from: approved ? ordinary : corporate,
                to: approved ? corporate : ordinary,
              },
            ],
          },
          now,
        );
      });
    },
  };
}

/** Decision 0076: a customer as a role without viewRevenue gets them: without their spend. */
export const customerWithoutSpend = <T extends { spend: number | null }>(customer: T): T => ({
  ...customer,
  spend: null,
});
