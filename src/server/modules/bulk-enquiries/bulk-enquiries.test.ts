import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminBulkEnquiryList, BulkEnquiry } from '../../../shared/api/bulk-enquiries';
import { bulkEnquiries, mailOutbox } from '../../db/schema';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { BULK_ENQUIRY_LIMIT } from './routes';

// 11:30 in India on 23 November 2026: the earliest needed-by date is the 24th.
const clock = createTestClock('2026-11-23T11:30:00+05:30');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, admin: true });

let address = 0;
const enquiry = {
  occasion: "Aarav's 5th birthday",
  productsOrBudget: 'Return gifts around ₹150 each, stationery kits or puzzles',
  quantity: 60,
  neededBy: '2026-12-05',
  name: 'Priya Sharma',
  phone: '+91 98450 12345',
  email: ' Priya.Sharma@Example.com ',
  gstin: '',
};
const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
  address += 1;
  return store.app.inject({
    method: 'POST',
    url: '/api/bulk-enquiries',
    payload,
    headers,
    remoteAddress: `203.0.113.${address % 250}`,
  });
};
const storedCount = async () => (await store.database.db.select().from(bulkEnquiries)).length;

describe('a bulk enquiry from the storefront', () => {
  it('is stored as new, answers a thank-you and mails the store', async () => {
    const response = await send({ ...enquiry, gstin: '27aapfu 0939f1zv' });
    expect(response.statusCode).toBe(201);
    const { id, message } = response.json<{ id: number; message: string }>();
    expect(message).toBe('Thank you! Our gifting team will call you within one working day with a quote.');

    const [row] = await store.database.db.select().from(bulkEnquiries).where(eq(bulkEnquiries.id, id));
    expect(row).toMatchObject({
      occasion: "Aarav's 5th birthday",
      quantity: 60,
      neededBy: '2026-12-05',
      email: 'priya.sharma@example.com',
      phone: '9845012345',
      gstin: '27AAPFU0939F1ZV',
      status: 'new',
      userId: null,
    });
    const [mail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'owner-bulk-enquiry'))
      .orderBy(mailOutbox.id);
    expect(mail?.recipient).toBe('hello@utsavgifts.in');
    expect(mail?.subject).toBe(`Bulk enquiry #${id}: 60 pieces for Aarav's 5th birthday`);
    expect(mail?.text).toContain('Phone: 9845012345');
    expect(mail?.text).toContain('GSTIN: 27AAPFU0939F1ZV');
    // The owner's mail opens the enquiries page, by an absolute link.
    expect(mail?.text).toContain('Work on it in the back office: http://localhost:3000/admin/bulk-enquiries');
    expect(mail?.html).toContain('href="http://localhost:3000/admin/bulk-enquiries"');
  });

  it.each(['+91 98765 43210', '098765-43210', '98765 43210'])(
    'stores the phone typed as %j as its 10 digits 9876543210',
    async (phone) => {
      const response = await send({ ...enquiry, phone });
      expect(response.statusCode).toBe(201);
      const [row] = await store.database.db
        .select({ phone: bulkEnquiries.phone })
        .from(bulkEnquiries)
        .where(eq(bulkEnquiries.id, response.json<{ id: number }>().id));
      expect(row?.phone).toBe('9876543210');
    },
  );

  it('remembers the customer who sent it when signed in', async () => {
    const customer = await store.newCustomer();
    const response = await send(enquiry, customer.headers);
    const [row] = await store.database.db
      .select()
      .from(bulkEnquiries)
      .where(eq(bulkEnquiries.id, response.json<{ id: number }>().id));
    expect(row?.userId).toBe(customer.user.id);
  });

  it.each([
    [{ phone: '98450 1234' }, 'Please enter a valid 10-digit phone number'],
    [{ phone: '+91 12345 67890' }, 'Please enter a valid 10-digit phone number'],
    [{ email: 'priya@' }, 'Please enter a valid email address'],
    [{ email: '' }, 'Email is required'],
    [{ quantity: 12 }, 'Bulk orders start at 20 pieces'],
    [{ quantity: 20.5 }, 'Quantity must be a whole number'],
    [{ occasion: '   ' }, 'Occasion is required'],
    [{ gstin: '27AAPFU0939F1ZX' }, 'Please enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1ZW'],
    [{ neededBy: '2026-11-23' }, 'Please choose a date from tomorrow onwards'],
    [{ neededBy: '2027-12-01' }, 'Please choose a date within the next year'],
    [{ neededBy: '2026-02-30' }, 'Please choose a real date'],
  ])('refuses %o with “%s” and stores nothing', async (change, message) => {
    const before = await storedCount();
    const response = await send({ ...enquiry, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
    expect(await storedCount()).toBe(before);
  });

  it(`turns a connection away after ${BULK_ENQUIRY_LIMIT.attempts} enquiries in an hour`, async () => {
    const from = { remoteAddress: '192.0.2.77' };
    for (let attempt = 0; attempt < BULK_ENQUIRY_LIMIT.attempts; attempt++) {
      const ok = await store.app.inject({
        method: 'POST',
        url: '/api/bulk-enquiries',
        payload: enquiry,
        ...from,
      });
      expect(ok.statusCode).toBe(201);
    }
    const before = await storedCount();
    const refused = await store.app.inject({
      method: 'POST',
      url: '/api/bulk-enquiries',
      payload: enquiry,
      ...from,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(
      'Too many enquiries from this connection. Please try again later or call us.',
    );
    expect(await storedCount()).toBe(before);
  });
});

describe('bulk enquiries in the back office', () => {
  it('lists them newest first, filters by status and moves one along with a note', async () => {
    const first = (await send({ ...enquiry, occasion: 'Diwali corporate hampers', quantity: 250 })).json<{
      id: number;
    }>();
    clock.set('2026-11-23T12:00:00+05:30');
    const second = (await send({ ...enquiry, occasion: 'Wedding favours' })).json<{ id: number }>();

    const listed = await store.app.inject({ url: '/api/admin/bulk-enquiries', headers: store.admin.headers });
    expect(listed.statusCode).toBe(200);
    const ids = listed.json<AdminBulkEnquiryList>().data.map((row) => row.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));

    const moved = await store.app.inject({
      method: 'PATCH',
      url: `/api/admin/bulk-enquiries/${first.id}`,
      headers: store.admin.headers,
      payload: { status: 'quoted', note: 'Sent a quote for ₹1,87,500 on WhatsApp' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ enquiry: BulkEnquiry }>().enquiry).toMatchObject({
      id: first.id,
      status: 'quoted',
      note: 'Sent a quote for ₹1,87,500 on WhatsApp',
    });

    const quoted = await store.app.inject({
      url: '/api/admin/bulk-enquiries?status=quoted',
      headers: store.admin.headers,
    });
    expect(quoted.json<AdminBulkEnquiryList>()).toMatchObject({ total: 1, data: [{ id: first.id }] });
  });

  it('refuses an unknown status and an unknown enquiry', async () => {
    const created = (await send(enquiry)).json<{ id: number }>();
    const badStatus = await store.app.inject({
      method: 'PATCH',
      url: `/api/admin/bulk-enquiries/${created.id}`,
      headers: store.admin.headers,
      payload: { status: 'shipped' },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json<{ message: string }>().message).toBe(
      'Status must be one of new, contacted, quoted, won, lost',
    );
    const missing = await store.app.inject({
      method: 'PATCH',
      url: '/api/admin/bulk-enquiries/999999',
      headers: store.admin.headers,
      payload: { status: 'won' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Bulk enquiry not found');
  });

  it('is for the owner only', async () => {
    const customer = await store.newCustomer();
    expect((await store.app.inject({ url: '/api/admin/bulk-enquiries' })).statusCode).toBe(401);
    expect(
      (await store.app.inject({ url: '/api/admin/bulk-enquiries', headers: customer.headers })).statusCode,
    ).toBe(403);
  });
});
