import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  AdminComplaintList,
  AdminComplaintResponse,
  ComplaintCreated,
  ComplaintStatusResponse,
} from '../../../shared/api/complaints';
import { complaints, mailOutbox } from '../../db/schema';
import { createTestProduct, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { COMPLAINT_LIMIT_MESSAGE, COMPLAINT_LIMITS } from './routes';

// Consumer Protection (E-Commerce) Rules, 2020: a ticket for every complaint (rule 7(1)(f)), an
// acknowledgement within 48 hours and redress within a month (rule 4(5)); decision 0061.

// 10:15 in India on Sunday 6 December 2026.
const clock = createTestClock('2026-12-06T10:15:00+05:30');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false', GRIEVANCE_OFFICER_DESIGNATION: 'Head of Customer Experience' },
  admin: true,
  seed: seedPincodes,
});

let address = 0;
const complaint = {
  orderNumber: '',
  subject: 'Diya set arrived broken',
  details: 'Two of the twelve brass diyas were bent and one was missing its wick holder.',
  name: 'Kavya Iyer',
  phone: '',
};
/** Sent from an address of its own, with an e-mail of its own unless the payload names one. */
const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
  address += 1;
  return store.app.inject({
    method: 'POST',
    url: '/api/complaints',
    payload: { email: headers.authorization ? '' : `guest${address}@example.in`, ...payload },
    headers,
    remoteAddress: `203.0.113.${address % 250}`,
  });
};
const mailsOfKind = (kind: string, recipient?: string) =>
  store.database.db
    .select()
    .from(mailOutbox)
    .where(
      recipient
        ? and(eq(mailOutbox.kind, kind), eq(mailOutbox.recipient, recipient))
        : eq(mailOutbox.kind, kind),
    )
    .orderBy(mailOutbox.id);
const storedCount = async () => (await store.database.db.select().from(complaints)).length;
// Sessions last 30 days: the tests that move the clock months ahead sign an owner in then.
let owner: { headers: Record<string, string> } | undefined;
const ownerHeaders = () => (owner ?? store.admin).headers;
const list = async (query = '') =>
  (
    await store.app.inject({ url: `/api/admin/complaints${query}`, headers: ownerHeaders() })
  ).json<AdminComplaintList>();

describe('a complaint from the Contact page', () => {
  it('gets a ticket at once, mails the guest their receipt and tells the owner', async () => {
    clock.set('2026-12-06T10:15:00+05:30');
    const response = await send({ ...complaint, email: 'Kavya.Iyer@Example.in' });
    expect(response.statusCode).toBe(201);
    const created = response.json<ComplaintCreated>();
    expect(created.ticket).toMatch(/^UG-C-\d{6}$/);
    expect(created.mailedTo).toBe('kavya.iyer@example.in');
    // 48 hours, and one calendar month (rule 4(5)).
    expect(created.acknowledgeBy).toBe(new Date('2026-12-08T10:15:00+05:30').toISOString());
    expect(created.resolveBy).toBe(new Date('2027-01-06T10:15:00+05:30').toISOString());

    const [receipt] = await mailsOfKind('complaint-received', 'kavya.iyer@example.in');
    expect(receipt?.subject).toBe(`We have your complaint: ticket ${created.ticket}`);
    expect(receipt?.text).toContain(`has the ticket number ${created.ticket}`);
    expect(receipt?.text).toContain('acknowledge it by 8 Dec 2026, 10:15 am');
    expect(receipt?.text).toContain('resolve it by 6 Jan 2027, 10:15 am');
    expect(receipt?.text).toContain('Meera Krishnan, Head of Customer Experience');

    const owner = (await mailsOfKind('owner-complaint')).find((mail) =>
      mail.subject.includes(created.ticket),
    );
    expect(owner?.recipient).toBe('hello@utsavgifts.in');
    expect(owner?.subject).toBe(`Complaint ${created.ticket}: Diya set arrived broken`);
    expect(owner?.text).toContain('Two of the twelve brass diyas were bent');
    expect(owner?.text).toContain('E-mail: kavya.iyer@example.in');
    expect(owner?.text).toContain('http://localhost:3000/admin/complaints');
  });

  it('gives each complaint its own ticket, in order', async () => {
    const first = (await send(complaint)).json<ComplaintCreated>().ticket;
    const second = (await send(complaint)).json<ComplaintCreated>().ticket;
    expect(Number(second.slice(-6))).toBe(Number(first.slice(-6)) + 1);
  });

  it('takes a signed-in shopper’s complaint about their order, mailed to their account', async () => {
    const customer = await store.newCustomer({ fullName: 'Rohan Mehta' });
    const product = await createTestProduct(store.database);
    const order = await placeOrder(store.app, customer.headers, [{ product, quantity: 1 }]);
    const response = await send(
      {
        subject: 'Wrong colour',
        details: 'I ordered the red potli bags and got green ones.',
        orderNumber: order.orderNumber.toLowerCase(),
      },
      customer.headers,
    );
    expect(response.statusCode).toBe(201);
    const created = response.json<ComplaintCreated>();
    expect(created.mailedTo).toBe(customer.user.email);

    const [row] = await store.database.db
      .select()
      .from(complaints)
      .where(eq(complaints.ticket, created.ticket));
    expect(row).toMatchObject({
      userId: customer.user.id,
      orderNumber: order.orderNumber,
      orderId: order.orderId,
      name: 'Rohan Mehta',
      email: customer.user.email,
    });
    expect(await mailsOfKind('complaint-received', customer.user.email)).toHaveLength(1);
  });

  it('takes a guest’s complaint with a phone only, and sends nothing to the phone', async () => {
    const response = await send({ ...complaint, email: '', phone: '+91 98450 12345' });
    expect(response.statusCode).toBe(201);
    const created = response.json<ComplaintCreated>();
    expect(created.mailedTo).toBeNull();
    const [row] = await store.database.db
      .select()
      .from(complaints)
      .where(eq(complaints.ticket, created.ticket));
    expect(row?.phone).toBe('9845012345');
    const messages = await store.app.inject({ url: '/api/admin/messages', headers: store.admin.headers });
    expect(messages.body).not.toContain('9845012345');
  });

  it.each([
    [{ email: '', phone: '' }, 'Please give an e-mail address or a phone number so that we can reply'],
    [{ email: 'kavya@' }, 'Please enter a valid email address'],
    [{ phone: '12345' }, 'Please enter a valid 10-digit phone number'],
    [{ subject: '  ' }, 'Subject is required'],
    [{ subject: 'x'.repeat(121) }, 'Subject must be at most 120 characters'],
    [{ details: 'Broken' }, 'Details must be at least 10 characters'],
    [{ details: 'x'.repeat(2001) }, 'Details must be at most 2000 characters'],
    [{ orderNumber: 'RG 10042; drop' }, 'Order numbers look like RG-10042'],
  ])('refuses %o with “%s” and stores nothing', async (change, message) => {
    const before = await storedCount();
    const response = await send({ ...complaint, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
    expect(await storedCount()).toBe(before);
  });

  it(`turns a connection away after ${COMPLAINT_LIMITS.perAddress.attempts} complaints in an hour`, async () => {
    const from = { remoteAddress: '192.0.2.91' };
    for (let attempt = 0; attempt < COMPLAINT_LIMITS.perAddress.attempts; attempt++) {
      const ok = await store.app.inject({
        method: 'POST',
        url: '/api/complaints',
        payload: { ...complaint, email: `guest${attempt}@example.in` },
        ...from,
      });
      expect(ok.statusCode).toBe(201);
    }
    const before = await storedCount();
    const refused = await store.app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: { ...complaint, email: 'another@example.in' },
      ...from,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json<{ message: string }>().message).toBe(COMPLAINT_LIMIT_MESSAGE);
    expect(await storedCount()).toBe(before);
  });

  it(`turns an account away after ${COMPLAINT_LIMITS.perAccount.attempts} complaints in a day, from any connection`, async () => {
    const customer = await store.newCustomer();
    for (let attempt = 0; attempt < COMPLAINT_LIMITS.perAccount.attempts; attempt++) {
      const ok = await send({ ...complaint, email: `mine${attempt}@example.in` }, customer.headers);
      expect(ok.statusCode).toBe(201);
    }
    const refused = await send({ ...complaint, email: 'mine-again@example.in' }, customer.headers);
    expect(refused.statusCode).toBe(429);
  });

  it(`mails one address at most ${COMPLAINT_LIMITS.perRecipient.attempts} receipts a day, whoever sends them`, async () => {
    const victim = { ...complaint, email: 'someone.else@example.in' };
    for (let attempt = 0; attempt < COMPLAINT_LIMITS.perRecipient.attempts; attempt++) {
      expect((await send(victim)).statusCode).toBe(201);
    }
    expect((await send(victim)).statusCode).toBe(429);
    expect(await mailsOfKind('complaint-received', 'someone.else@example.in')).toHaveLength(
      COMPLAINT_LIMITS.perRecipient.attempts,
    );
  });
});

describe('where a complaint stands (rule 7(1)(f))', () => {
  it('answers its ticket with the e-mail or phone it was sent with, and nothing for a wrong one', async () => {
    const { ticket } = (
      await send({ ...complaint, email: 'kavya.iyer@example.in', phone: '98765 43210' })
    ).json<ComplaintCreated>();
    const ask = (contact: string, asked = ticket) =>
      store.app.inject({
        method: 'POST',
        url: '/api/complaints/status',
        payload: { ticket: asked.toLowerCase(), contact },
      });

    const byEmail = await ask('KAVYA.IYER@example.in');
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json<ComplaintStatusResponse>().complaint).toMatchObject({
      ticket,
      subject: 'Diya set arrived broken',
      acknowledgedAt: null,
      resolvedAt: null,
    });
    expect((await ask('+91 98765 43210')).statusCode).toBe(200);
    const wrong = await ask('someone@example.in');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json<{ message: string }>().message).toBe(
      'No complaint has that ticket number and e-mail or phone',
    );
    expect((await ask('kavya.iyer@example.in', 'UG-C-999999')).statusCode).toBe(404);
  });
});

describe('complaints in the back office', () => {
  it('is overdue once 48 hours pass unacknowledged, and off the overdue list once acknowledged', async () => {
    clock.set('2027-03-01T09:00:00+05:30');
    owner = await store.newAdmin();
    const { ticket } = (
      await send({ ...complaint, subject: 'Refund not received' })
    ).json<ComplaintCreated>();
    const find = async (query: string) => (await list(query)).data.find((row) => row.ticket === ticket);

    clock.set('2027-03-03T08:59:00+05:30');
    expect(await find('?state=open')).toMatchObject({ acknowledgeOverdue: false, resolveOverdue: false });
    expect(await find('?state=overdue')).toBeUndefined();

    clock.set('2027-03-03T09:01:00+05:30');
    expect(await find('?state=overdue')).toMatchObject({ acknowledgeOverdue: true, resolveOverdue: false });
    expect((await list('?state=overdue')).overdue).toBeGreaterThanOrEqual(1);

    const id = (await find('?state=open'))!.id;
    const acknowledged = await store.app.inject({
      method: 'POST',
      url: `/api/admin/complaints/${id}/acknowledge`,
      headers: ownerHeaders(),
      payload: { note: 'We have asked the bank for the refund reference.' },
    });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json<AdminComplaintResponse>().complaint).toMatchObject({
      acknowledgedAt: new Date('2027-03-03T09:01:00+05:30').toISOString(),
      acknowledgementNote: 'We have asked the bank for the refund reference.',
      acknowledgeOverdue: false,
    });
    expect(await find('?state=overdue')).toBeUndefined();
    const [mail] = await mailsOfKind('complaint-acknowledged');
    expect(mail?.text).toContain('We have asked the bank for the refund reference.');
    expect(mail?.text).toContain('resolve it by 1 Apr 2027');

    const again = await store.app.inject({
      method: 'POST',
      url: `/api/admin/complaints/${id}/acknowledge`,
      headers: ownerHeaders(),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('This complaint is already acknowledged');

    // A month after receipt, unresolved: the second clock has run out.
    clock.set('2027-04-01T09:01:00+05:30');
    owner = await store.newAdmin();
    expect(await find('?state=overdue')).toMatchObject({ acknowledgeOverdue: false, resolveOverdue: true });
  });

  it('resolves with a note, which the customer receives, and lists it as resolved', async () => {
    clock.set('2027-05-10T12:00:00+05:30');
    owner = await store.newAdmin();
    const { ticket } = (await send({ ...complaint, subject: 'Late delivery' })).json<ComplaintCreated>();
    const id = (await list('?state=open')).data.find((row) => row.ticket === ticket)!.id;

    const empty = await store.app.inject({
      method: 'POST',
      url: `/api/admin/complaints/${id}/resolve`,
      headers: ownerHeaders(),
      payload: { note: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe('The resolution is required');

    const resolved = await store.app.inject({
      method: 'POST',
      url: `/api/admin/complaints/${id}/resolve`,
      headers: ownerHeaders(),
      payload: { note: 'Refunded the ₹79 shipping to your UPI.' },
    });
    expect(resolved.statusCode).toBe(200);
    // Resolving acknowledges too: nobody is left with an unacknowledged, resolved complaint.
    expect(resolved.json<AdminComplaintResponse>().complaint).toMatchObject({
      resolution: 'Refunded the ₹79 shipping to your UPI.',
      resolvedAt: new Date('2027-05-10T12:00:00+05:30').toISOString(),
      acknowledgedAt: new Date('2027-05-10T12:00:00+05:30').toISOString(),
    });
    expect((await list('?state=resolved')).data.map((row) => row.ticket)).toContain(ticket);
    expect((await list('?state=open')).data.map((row) => row.ticket)).not.toContain(ticket);
    const mails = await mailsOfKind('complaint-resolved');
    expect(mails.at(-1)?.text).toContain('Refunded the ₹79 shipping to your UPI.');
    expect(mails.at(-1)?.subject).toBe(`Your complaint is resolved: ticket ${ticket}`);
  });

  it('is for the owner and the orders role only', async () => {
    const customer = await store.newCustomer();
    expect((await store.app.inject({ url: '/api/admin/complaints' })).statusCode).toBe(401);
    expect(
      (await store.app.inject({ url: '/api/admin/complaints', headers: customer.headers })).statusCode,
    ).toBe(403);
    const catalogue = await store.newStaff('catalogue');
    expect(
      (await store.app.inject({ url: '/api/admin/complaints', headers: catalogue.headers })).statusCode,
    ).toBe(403);
    const orders = await store.newStaff('orders');
    expect(
      (await store.app.inject({ url: '/api/admin/complaints', headers: orders.headers })).statusCode,
    ).toBe(200);
  });

  it('refuses an unknown state and an unknown complaint', async () => {
    const bad = await store.app.inject({
      url: '/api/admin/complaints?state=closed',
      headers: ownerHeaders(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('State must be one of open, overdue, resolved, all');
    const missing = await store.app.inject({
      method: 'POST',
      url: '/api/admin/complaints/999999/resolve',
      headers: ownerHeaders(),
      payload: { note: 'Done' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Complaint not found');
  });
});
