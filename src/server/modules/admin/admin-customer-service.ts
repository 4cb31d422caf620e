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
import { containsPattern, userEmail } from '../../db/sql-helpers';
import { conflict, notFound } from '../../errors';
import { addresses } from '../addresses/tables';
import { businessAccountOf, lockBusinessAccount, setCorporateApproval } from '../auth';
import { users } from '../auth/tables';
import { orders } from '../orders/tables';
import { type SettingsActor, writeAuditLine } from '../settings';

export type AdminCustomerService = ReturnType<typeof createAdminCustomerService>;

const EXPORT_PAGE = 2000;
const CUSTOMER_NOT_FOUND = 'Customer not found';

/** Phone numbers are stored as typed ('98765 43210'); searches compare digits, without India's +91. */
function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}
const digitsOf = (column: SQL) => sql`regexp_replace(${column}, '\\D', '', 'g')`;

/**
 * Finding people: the back office's customers, at 50,000 of them. A page is 25 rows
 * by id; a search finds ids through trigram indexes (users_full_name_trgm_idx, users_email_trgm_idx,
 * addresses_phone_digits_trgm_idx, orders_phone_digits_trgm_idx) and each row's figures are
 * read through the per-customer indexes of orders and the money ledger.
 */
export function createAdminCustomerService({ db, clock }: { db: Db; clock: Clock }) {
  const orderPhone = sql`${orders.shippingAddress}->>'phone'`;
  // Drizzle writes a one-table select's columns unqualified, so the per-customer subqueries name
  // their tables in full (o, a, ml) against "users"."id".
  const columns = {
    id: users.id,
    name: users.fullName,
    email: userEmail,
    createdAt: users.createdAt,
    phone: sql<string | null>`coalesce(
      (select a.phone from addresses a where a.user_id = "users"."id"
        order by a.is_default desc, a.id desc limit 1),
      (select o.shipping_address->>'phone' from orders o where o.user_id = "users"."id"
        order by o.created_at desc limit 1))`,
    orderCount: sql<number>`(select count(*)::int from orders o
      where o.user_id = "users"."id" and o.paid_at is not null)`,
    // The money ledger's net (taken less given back), as the dashboard counts revenue.
    spendPaise: sql<string>`(select coalesce(sum(case when ml.kind = 'refunded'
      then -ml.amount_paise else ml.amount_paise end), 0)
      from money_ledger ml inner join orders o on o.id = ml.order_id
      where o.user_id = "users"."id")`,
    lastOrderAt: sql<Date | string | null>`(select max(o.created_at) from orders o
      where o.user_id = "users"."id")`,
  };
  type Row = {
    id: number;
    name: string;
    email: string;
    createdAt: Date;
    phone: string | null;
    orderCount: number;
    spendPaise: string;
    lastOrderAt: Date | string | null;
  };

  const summaryOf = (row: Row): AdminCustomerSummary => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    orderCount: Number(row.orderCount),
    spend: toRupees(Number(row.spendPaise)),
    lastOrderAt: row.lastOrderAt === null ? null : new Date(row.lastOrderAt).toISOString(),
    createdAt: row.createdAt.toISOString(),
  });

  /** Customers whose name, e-mail or a phone (saved or on an order) holds `q`. */
  function matching(q: string): SQL {
    const pattern = containsPattern(q);
    const digits = phoneDigits(q);
    const byPhone =
      digits.length >= 4
        ? sql`union select ${addresses.userId} from ${addresses}
            where ${digitsOf(sql`${addresses.phone}`)} like ${`%${digits}%`}
          union select ${orders.userId} from ${orders}
            where ${digitsOf(orderPhone)} like ${`%${digits}%`}`
        : sql``;
    return sql`${users.id} in (select ${users.id} from ${users}
      where ${users.fullName} ilike ${pattern} or ${users.email} ilike ${pattern} ${byPhone})`;
  }

  // Decision 0059: the demo reviewers are the seed's, not customers (no sign-in of any kind).
  const customersOnly = () =>
    and(eq(users.role, 'customer'), notLike(users.username, `${DEMO_REVIEWER_PREFIX}%`));

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
          .from(users)
          .where(and(customersOnly(), gt(users.id, after)))
          .orderBy(asc(users.id))
          .limit(EXPORT_PAGE);
        for (const row of rows) {
          records.push([
            guardFormula(row.name),
            guardFormula(row.email),
            guardFormula(row.phone ?? ''),
            String(row.orderCount),
            rupeesCell(Number(row.spendPaise)),
            row.lastOrderAt === null ? '' : new Date(row.lastOrderAt).toISOString(),
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
          .from(users)
          .where(where)
          .orderBy(desc(users.id))
          .limit(CUSTOMER_PAGE_SIZE)
          .offset((query.page - 1) * CUSTOMER_PAGE_SIZE),
        db.select({ total: count() }).from(users).where(where),
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
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'customer')));
      const business = await businessAccountOf(db, id);
      if (!row || !business) throw notFound(CUSTOMER_NOT_FOUND);
      const [saved, recent, [all]] = await Promise.all([
        db
          .select()
          .from(addresses)
          .where(eq(addresses.userId, id))
          .orderBy(desc(addresses.isDefault), desc(addresses.id)),
        db
          .select({
            id: orders.id,
            orderNumber: orders.orderNumber,
            status: orders.status,
            createdAt: orders.createdAt,
            totalPaise: orders.totalPaise,
          })
          .from(orders)
          .where(eq(orders.userId, id))
          .orderBy(desc(orders.createdAt))
          .limit(CUSTOMER_RECENT_ORDERS),
        db.select({ total: count() }).from(orders).where(eq(orders.userId, id)),
      ]);
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
        orders: recent.map((order) => ({
          id: order.id,
          orderNumber: order.orderNumber,
          status: order.status,
          createdAt: order.createdAt.toISOString(),
          totalAmount: toRupees(order.totalPaise),
        })),
        ordersTotal: all?.total ?? 0,
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
