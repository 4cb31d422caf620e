import { and, count, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  AdminComplaint,
  AdminComplaintList,
  ComplaintCreated,
  ComplaintFields,
  ComplaintStatus,
} from '../../../shared/api/complaints';
import {
  acknowledgeBy,
  COMPLAINT_MESSAGES,
  type ComplaintState,
  complaintTicket,
  resolveBy,
} from '../../../shared/complaint-rules';
import { isValidPhone, normalisePhone } from '../../../shared/phone';
import type { Clock } from '../../clock';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { conflict, invalid, notFound } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import {
  complaintAcknowledgedMail,
  complaintReceivedMail,
  complaintResolvedMail,
  enqueueMail,
  type MailComplaint,
} from '../mail';
import { orderIdByNumber } from '../orders';
import type { OwnerNotices } from '../owner-notices';
import { complaints } from './tables';

const COMPLAINT_PAGE_SIZE = 25;

type Row = typeof complaints.$inferSelect;

/** Who sent it: a signed-in shopper's account, or nobody (a guest). */
export type Complainant = { id: number; email: string | null; phone: string | null; fullName: string } | null;

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toMailComplaint = (row: Row, email: string): MailComplaint => ({
  ticket: row.ticket,
  subject: row.subject,
  email,
  orderNumber: row.orderNumber,
  acknowledgeBy: row.acknowledgeBy,
  resolveBy: row.resolveBy,
});

/** Open and past a rule 4(5) clock at `now`. */
const overdueAt = (now: Date) =>
  or(
    and(isNull(complaints.acknowledgedAt), lt(complaints.acknowledgeBy, now)),
    and(isNull(complaints.resolvedAt), lt(complaints.resolveBy, now)),
  );

const stateFilter = (state: ComplaintState, now: Date) => {
  switch (state) {
    case 'open':
      return isNull(complaints.resolvedAt);
    case 'overdue':
      return overdueAt(now);
    case 'resolved':
      return isNotNull(complaints.resolvedAt);
    case 'all':
      return undefined;
  }
};

export type ComplaintService = ReturnType<typeof createComplaintService>;

/**
 * Consumer Protection (E-Commerce) Rules, 2020: a ticket for every complaint (rule 7(1)(f)),
 * acknowledged within 48 hours and redressed within a month of receipt (rule 4(5)); decision 0061.
 * The clocks are fixed on the row when it arrives, so a later change of rule or settings never
 * moves a promise already made.
 */
export function createComplaintService({
  db,
  clock,
  store,
  ownerNotices,
}: {
  db: Db;
  clock: Clock;
  store: StoreIdentity;
  /** The owner hears of each complaint (at once or in their digest, as for bulk enquiries). */
  ownerNotices: OwnerNotices;
}) {
  const toAdmin = (row: Row, now: Date): AdminComplaint => ({
    id: row.id,
    ticket: row.ticket,
    orderNumber: row.orderNumber,
    orderId: row.orderId,
    subject: row.subject,
    details: row.details,
    name: row.name,
    email: row.email,
    phone: row.phone,
    userId: row.userId,
    receivedAt: row.createdAt.toISOString(),
    acknowledgeBy: row.acknowledgeBy.toISOString(),
    resolveBy: row.resolveBy.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgementNote: row.acknowledgementNote,
    resolvedAt: iso(row.resolvedAt),
    resolution: row.resolution,
    acknowledgeOverdue: row.acknowledgedAt === null && row.acknowledgeBy < now,
    resolveOverdue: row.resolvedAt === null && row.resolveBy < now,
  });

  async function nextTicket(tx: Tx): Promise<string> {
    const [numbered] = rowsOf<{ n: string }>(
      await tx.execute(sql`select nextval('complaint_number_seq')::text as n`),
    );
    if (!numbered) throw new Error('complaint_number_seq gave no value');
    return complaintTicket(store.invoicePrefix, Number(numbered.n));
  }

  /** Moves one open complaint along, once: a second acknowledgement or resolution is a 409. */
  async function decide(
    id: number,
    change: (row: Row, now: Date) => Partial<typeof complaints.$inferInsert> | string,
    mail: (row: Row) => ((email: string) => Parameters<typeof enqueueMail>[1]) | null,
  ): Promise<AdminComplaint> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
      if (!row) throw notFound('Complaint not found');
      const values = change(row, now);
      if (typeof values === 'string') throw conflict(values);
      const [updated] = await tx.update(complaints).set(values).where(eq(complaints.id, id)).returning();
      const decided = updated ?? row;
      const mailFor = mail(decided);
      if (mailFor && decided.email) await enqueueMail(tx, mailFor(decided.email), now);
      return toAdmin(decided, now);
    });
  }

  return {
    /**
     * Stores the complaint with its ticket and clocks, and queues, in the same transaction, the
     * customer's receipt (to the e-mail given, else the account's) and the owner's notice. No
     * message goes to a phone: a phone given here has consented to nothing (decision 0061).
     */
    async create(input: ComplaintFields, complainant: Complainant): Promise<ComplaintCreated> {
      const email = input.email || complainant?.email || '';
      const phone = input.phone || complainant?.phone || '';
      if (!email && !phone) throw invalid(COMPLAINT_MESSAGES.contactNeeded);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const orderId = input.orderNumber ? await orderIdByNumber(tx, input.orderNumber) : null;
        const [row] = await tx
          .insert(complaints)
          .values({
            ticket: await nextTicket(tx),
            userId: complainant?.id ?? null,
            orderNumber: input.orderNumber || null,
            orderId,
            subject: input.subject,
            details: input.details,
            name: input.name || complainant?.fullName || null,
            email: email || null,
            phone: phone || null,
            acknowledgeBy: acknowledgeBy(now),
            resolveBy: resolveBy(now),
            createdAt: now,
          })
          .returning();
        const complaint = row!;
        if (email)
          await enqueueMail(tx, complaintReceivedMail(toMailComplaint(complaint, email), store), now);
        const subject = `Complaint ${complaint.ticket}: ${complaint.subject}`;
        const link = ownerNotices.adminLink('/complaints');
        await ownerNotices.tell(
          tx,
          { key: `complaint-${complaint.id}`, kind: 'complaint', summary: subject, link },
          {
            subject,
            text: [
              `A complaint came in from the Contact page (ticket ${complaint.ticket}).`,
              ...(complaint.orderNumber ? [`Order: ${complaint.orderNumber}`] : []),
              `Subject: ${complaint.subject}`,
              complaint.details,
              [
                ...(complaint.name ? [`Name: ${complaint.name}`] : []),
                ...(complaint.email ? [`E-mail: ${complaint.email}`] : []),
                ...(complaint.phone ? [`Phone: ${complaint.phone}`] : []),
              ].join('\n'),
              // E-Commerce Rules 2020, rule 4(5).
              `Acknowledge it within 48 hours and resolve it within a month: ${link}`,
            ].join('\n\n'),
          },
        );
        return {
          ticket: complaint.ticket,
          mailedTo: email || null,
          acknowledgeBy: complaint.acknowledgeBy.toISOString(),
          resolveBy: complaint.resolveBy.toISOString(),
        };
      });
    },

    /**
     * Rule 7(1)(f): where a complaint stands, for whoever has its ticket and the e-mail or phone it
     * was sent with (one answer for a wrong ticket and a wrong contact, so neither is confirmed).
     */
    async status(ticket: string, contact: string): Promise<ComplaintStatus> {
      const [row] = await db.select().from(complaints).where(eq(complaints.ticket, ticket));
      const given = contact.trim().toLowerCase();
      const matches =
        row &&
        ((row.email !== null && row.email === given) ||
          (row.phone !== null && isValidPhone(given) && row.phone === normalisePhone(given)));
      if (!row || !matches) throw notFound(COMPLAINT_MESSAGES.notFound);
      return {
        ticket: row.ticket,
        subject: row.subject,
        receivedAt: row.createdAt.toISOString(),
        acknowledgedAt: iso(row.acknowledgedAt),
        resolvedAt: iso(row.resolvedAt),
        resolution: row.resolution,
      };
    },

    /** The back office's list: open ones oldest first (the nearest clock first), others newest first. */
    async list(query: { state: ComplaintState; page: number }): Promise<AdminComplaintList> {
      const now = clock.now();
      const where = stateFilter(query.state, now);
      const order =
        query.state === 'open' || query.state === 'overdue'
          ? [complaints.createdAt, complaints.id]
          : [desc(complaints.createdAt), desc(complaints.id)];
      const [rows, [total], [overdue]] = await Promise.all([
        db
          .select()
          .from(complaints)
          .where(where)
          .orderBy(...order)
          .limit(COMPLAINT_PAGE_SIZE)
          .offset((query.page - 1) * COMPLAINT_PAGE_SIZE),
        db.select({ value: count() }).from(complaints).where(where),
        db.select({ value: count() }).from(complaints).where(overdueAt(now)),
      ]);
      return {
        data: rows.map((row) => toAdmin(row, now)),
        total: total?.value ?? 0,
        page: query.page,
        pageSize: COMPLAINT_PAGE_SIZE,
        overdue: overdue?.value ?? 0,
      };
    },

    /** The Grievance Officer has read it (rule 4(5)); the customer hears, with the note if any. */
    acknowledge(id: number, staffId: number, note: string): Promise<AdminComplaint> {
      return decide(
        id,
        (row, now) =>
          row.acknowledgedAt
            ? COMPLAINT_MESSAGES.alreadyAcknowledged
            : { acknowledgedAt: now, acknowledgedBy: staffId, acknowledgementNote: note || null },
        (row) => (email) =>
          complaintAcknowledgedMail(toMailComplaint(row, email), row.acknowledgementNote, store),
      );
    },

    /** Redressed, with what was done; resolving an unacknowledged complaint acknowledges it too. */
    resolve(id: number, staffId: number, note: string): Promise<AdminComplaint> {
      return decide(
        id,
        (row, now) =>
          row.resolvedAt
            ? COMPLAINT_MESSAGES.alreadyResolved
            : {
                resolvedAt: now,
                resolvedBy: staffId,
                resolution: note,
                ...(row.acknowledgedAt ? {} : { acknowledgedAt: now, acknowledgedBy: staffId }),
              },
        (row) => (email) => complaintResolvedMail(toMailComplaint(row, email), note, store),
      );
    },
  };
}
