import { count, desc, eq } from 'drizzle-orm';
import {
  type AdminBulkEnquiryList,
  type AdminBulkEnquiryQuery,
  type BulkEnquiry,
  type BulkEnquiryInput,
  neededByProblem,
  type UpdateBulkEnquiry,
} from '../../../shared/api/bulk-enquiries';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/client';
import { invalid, notFound } from '../../errors';
import { messageName } from '../notifications';
import type { OwnerNotices } from '../owner-notices';
import { bulkEnquiries } from './tables';

const BULK_ENQUIRY_PAGE_SIZE = 25;
/** The dashboard's enquiries to answer: those nobody has taken up yet. */
export async function enquiriesToAnswer(runner: Queryable): Promise<number> {
  const [row] = await runner
    .select({ total: count() })
    .from(bulkEnquiries)
    .where(eq(bulkEnquiries.status, 'new'));
  return row?.total ?? 0;
}

export const BULK_ENQUIRY_RECEIVED =
  'Thank you! Our gifting team will call you within one working day with a quote.';

type Row = typeof bulkEnquiries.$inferSelect;
const toEnquiry = (row: Row): BulkEnquiry => ({
  id: row.id,
  occasion: row.occasion,
  productsOrBudget: row.productsOrBudget,
  quantity: row.quantity,
  neededBy: row.neededBy,
  name: row.name,
  phone: row.phone,
  email: row.email,
  gstin: row.gstin,
  legalName: row.legalName,
  deliveryAddress: row.deliveryAddress,
  status: row.status,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function enquiryMailText(enquiry: BulkEnquiry, adminUrl: string): string {
  return [
    `A bulk enquiry (#${enquiry.id}) came in from the store.`,
    '',
    `Occasion: ${enquiry.occasion}`,
    `Quantity: ${enquiry.quantity.toLocaleString('en-IN')} pieces`,
    `Needed by: ${enquiry.neededBy}`,
    `Products or budget: ${enquiry.productsOrBudget}`,
    '',
    `Name: ${enquiry.name}`,
    `Phone: ${enquiry.phone}`,
    `E-mail: ${enquiry.email}`,
    ...(enquiry.gstin ? [`GSTIN: ${enquiry.gstin}`] : []),
    ...(enquiry.legalName ? [`Legal name: ${enquiry.legalName}`] : []),
    ...(enquiry.deliveryAddress
      ? [
          `Deliver to: ${enquiry.deliveryAddress.address}, ${enquiry.deliveryAddress.city} ${enquiry.deliveryAddress.postalCode}`,
        ]
      : []),
    '',
    `Work on it in the back office: ${adminUrl}`,
  ].join('\n');
}

export type BulkEnquiryService = ReturnType<typeof createBulkEnquiryService>;

export function createBulkEnquiryService({
  db,
  clock,
  ownerNotices,
}: {
  db: Db;
  clock: Clock;
  /** The owner hears of each enquiry (OWNER_NOTIFY_EMAIL, at once or in a digest). */
  ownerNotices: OwnerNotices;
}) {
  return {
    /** Stores the enquiry and queues the store's e-mail about it in the same transaction. */
    async create(input: BulkEnquiryInput, userId: number | null): Promise<BulkEnquiry> {
      const now = clock.now();
      const dateProblem = neededByProblem(input.neededBy, now);
      if (dateProblem) throw invalid(dateProblem);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bulkEnquiries)
          .values({
            ...input,
            gstin: input.gstin || null,
            legalName: input.legalName || null,
            deliveryAddress: input.deliveryAddress ?? null,
            userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const enquiry = toEnquiry(row!);
        const subject = `Bulk enquiry #${enquiry.id}: ${enquiry.quantity.toLocaleString('en-IN')} pieces for ${enquiry.occasion}`;
        const link = ownerNotices.adminLink('/bulk-enquiries');
        await ownerNotices.tell(
          tx,
          {
            key: `enquiry-${enquiry.id}`,
            kind: 'bulk-enquiry',
            // Decision 0054: the owner's WhatsApp carries this; the occasion, free text, stays in the mail.
            summary: `Bulk enquiry #${enquiry.id}: ${enquiry.quantity.toLocaleString('en-IN')} pieces from ${messageName(enquiry.name, 'a customer')}`,
            link,
          },
          { subject, text: enquiryMailText(enquiry, link) },
        );
        return enquiry;
      });
    },

    async list(query: AdminBulkEnquiryQuery): Promise<AdminBulkEnquiryList> {
      const where = query.status ? eq(bulkEnquiries.status, query.status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bulkEnquiries)
          .where(where)
          .orderBy(desc(bulkEnquiries.createdAt), desc(bulkEnquiries.id))
          .limit(BULK_ENQUIRY_PAGE_SIZE)
          .offset((query.page - 1) * BULK_ENQUIRY_PAGE_SIZE),
        db.select({ value: count() }).from(bulkEnquiries).where(where),
      ]);
      return {
        data: rows.map(toEnquiry),
        total: total?.value ?? 0,
        page: query.page,
        pageSize: BULK_ENQUIRY_PAGE_SIZE,
      };
    },

    /** The owner moves an enquiry along freely: a lost lead can come back, a quote can be redone. */
    async update(id: number, change: UpdateBulkEnquiry): Promise<BulkEnquiry> {
      const [row] = await db
        .update(bulkEnquiries)
        .set({
          status: change.status,
          ...(change.note !== undefined ? { note: change.note || null } : {}),
          updatedAt: clock.now(),
        })
        .where(eq(bulkEnquiries.id, id))
        .returning();
      if (!row) throw notFound('Bulk enquiry not found');
      return toEnquiry(row);
    },
  };
}
