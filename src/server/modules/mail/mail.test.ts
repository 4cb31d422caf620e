import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { mailOutbox } from '../../db/schema';
import { storeIdentityFrom } from '../../store-identity';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { MAIL_FOOTER_SLOT } from './mail-layout';
import { createMailWorker, enqueueMail, MAIL_MAX_ATTEMPTS, type OutgoingMail } from './mail-outbox';
import type { MailMessage, MailTransport } from './mail-transport';
import { giftOnItsWayMail, type MailOrder, orderConfirmationMail } from './order-mails';
import { orderStatusMail } from './status-mail';

const clock = createTestClock('2031-07-01T10:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false', MAIL_FROM: 'Utsav Gifts <orders@utsavgifts.in>' },
});

let mailCounter = 0;
async function queueMail(overrides: Partial<OutgoingMail> = {}): Promise<number> {
  mailCounter += 1;
  const subject = `Test mail ${mailCounter} ${Date.now()}`;
  await enqueueMail(
    store.database.db,
    { recipient: 'meera@example.com', subject, text: 'Hello from the store', kind: 'test', ...overrides },
    clock.now(),
  );
  const [row] = await store.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.subject, overrides.subject ?? subject));
  return row!.id;
}

const rowOf = async (id: number) =>
  (await store.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
const advance = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));

/** Stands in for an SMTP server: records what it is given, or refuses it. */
function recordingTransport(fail = false) {
  const sent: MailMessage[] = [];
  const transport: MailTransport = {
    name: 'smtp',
    async send(message) {
      if (fail) throw new Error('SMTP connection refused');
      sent.push(message);
    },
  };
  return { transport, sent };
}

describe('the mail queue', () => {
  it('writes due mail as .eml files in DATA_DIR/outbox and marks it sent', async () => {
    const id = await queueMail({ subject: 'Order RG-10001 confirmed: ₹1,250', text: 'Total: ₹1,250' });
    const result = await store.app.mailWorker.sendDueMail();

    expect(result.sent).toBeGreaterThanOrEqual(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    const file = path.join(store.app.config.dataDir, 'outbox', `${String(id).padStart(8, '0')}.eml`);
    const eml = fs.readFileSync(file, 'utf8');
    expect(eml).toContain('From: Utsav Gifts <orders@utsavgifts.in>');
    expect(eml).toContain('To: meera@example.com');
    expect(eml).toContain(`Message-ID: <outbox-${id}@utsavgifts.in>`);
    expect(eml).toMatch(/^Subject: /m);
    expect(eml).toContain('Content-Type: text/plain; charset=utf-8');
  });

  it('retries a failed send with growing pauses and gives up after the last attempt', async () => {
    const id = await queueMail();
    const failing = createMailWorker({
      db: store.database.db,
      clock,
      transport: recordingTransport(true).transport,
      from: 'store@example.com',
      store: async () => storeIdentityFrom(store.app.config),
      log: store.app.log,
    });

    await failing.sendDueMail();
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'SMTP connection refused' });
    expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(60_000);

    // Not due yet: nothing is tried.
    await failing.sendDueMail();
    expect((await rowOf(id)).attempts).toBe(1);

    advance(60_000);
    await failing.sendDueMail();
    row = await rowOf(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(120_000);

    for (let attempt = 3; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      advance(60 * 60 * 1000);
      await failing.sendDueMail();
    }
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    advance(24 * 60 * 60 * 1000);
    await failing.sendDueMail();
    expect((await rowOf(id)).attempts).toBe(MAIL_MAX_ATTEMPTS);
  });

  it('sends each mail once when two workers run at the same time', async () => {
    // Drain whatever earlier tests left queued, so only this test's mail counts.
    await store.app.mailWorker.sendDueMail(100);
    const ids = [];
    for (let index = 0; index < 6; index++) ids.push(await queueMail());
    const one = recordingTransport();
    const two = recordingTransport();
    const worker = (transport: MailTransport) =>
      createMailWorker({
        db: store.database.db,
        clock,
        transport,
        from: 'store@example.com',
        store: async () => storeIdentityFrom(store.app.config),
        log: store.app.log,
      });

    await Promise.all([worker(one.transport).sendDueMail(), worker(two.transport).sendDueMail()]);

    const sentIds = [...one.sent, ...two.sent].map((message) => message.outboxId).sort((a, b) => a - b);
    expect(sentIds).toEqual(ids);
    for (const id of ids) expect((await rowOf(id)).status).toBe('sent');
  });
});

describe('the order confirmation e-mail', () => {
  const order: MailOrder = {
    id: '3b7c8a56-2f1e-4c1a-9a77-1f2e3d4c5b6a',
    orderNumber: 'RG-10427',
    customerName: 'Meera Iyer',
    customerEmail: 'meera@example.com',
    items: [
      { name: 'Silver Pooja Thali', quantity: 2, pricePaise: 45_000_00, isPreOrder: false },
      { name: 'Personalised <Name> Board', quantity: 1, pricePaise: 10_000_00, isPreOrder: true },
    ],
    subtotalPaise: 1_00_000_00,
    quantityDiscounts: [],
    discountPaise: 0,
    couponCode: null,
    fees: [{ label: 'Shipping', paise: 0 }],
    totalPaise: 1_00_000_00,
    shippingAddress: {
      fullName: 'Meera Iyer',
      address: '4 Park Street',
      city: 'Kolkata',
      postalCode: '700016',
      phone: '9830012345',
    },
    deliveryEstimate: {
      days: '4-7 Days',
      message: 'Standard delivery',
      type: 'standard',
      fastDelivery: false,
      city: 'Kolkata',
      isPreOrder: true,
    },
    placedAt: new Date('2025-11-12T06:30:00Z'),
    deliveryChoice: null,
    cashOnDelivery: false,
  };
  const storeDetails = storeIdentityFrom(
    loadConfig({
      STORE_NAME: 'Utsav Gifts',
      SUPPORT_EMAIL: 'hello@utsavgifts.in',
      PUBLIC_URL: 'https://utsavgifts.in/',
    }),
  );

  it('lists the order number, items, total in rupees (en-IN), address and expected delivery', () => {
    const mail = orderConfirmationMail(order, storeDetails);
    expect(mail.subject).toBe('Order RG-10427 confirmed: ₹1,00,000');
    expect(mail.text).toContain('2 x Silver Pooja Thali: ₹90,000');
    expect(mail.text).toContain('1 x Personalised <Name> Board (Pre-Order): ₹10,000');
    expect(mail.text).toContain('Total: ₹1,00,000');
    expect(mail.text).toContain('Shipping: Free');
    expect(mail.text).toContain('4 Park Street');
    expect(mail.text).toContain('Kolkata 700016');
    // Decision 0068: the order's one promise, as My Orders says it: a pre-order's window, from 12 Nov.
    expect(mail.text).toContain('Expected delivery by 2 Dec 2025 (pre-order, 15-20 days)');
    expect(mail.text).not.toContain('4-7 Days');
    expect(mail.text).toContain(
      'https://utsavgifts.in/order-confirmation/3b7c8a56-2f1e-4c1a-9a77-1f2e3d4c5b6a',
    );
    // The HTML part escapes what shoppers and the catalogue wrote.
    expect(mail.html).toContain('Personalised &lt;Name&gt; Board');
    expect(mail.html).not.toContain('<Name>');
  });

  // The day and slot chosen at checkout, in every mail about the order on its way.
  describe('with a chosen delivery day and slot', () => {
    const midnight = {
      ...order,
      items: [order.items[0]!],
      deliveryChoice: { date: '2026-11-24', slot: 'midnight' as const, fee: 199 },
    };
    const chosenDay = 'Delivery on Tue, 24 Nov · Midnight delivery (11 PM - 11:59 PM)';

    it('names them in the confirmation instead of the estimate', () => {
      const mail = orderConfirmationMail(midnight, storeDetails);
      expect(mail.text).toContain(chosenDay);
      expect(mail.html).toContain(`>${chosenDay}</p>`);
      expect(mail.text).not.toContain('Expected delivery');
    });

    it("names them in the recipient's 'A gift is on its way'", () => {
      const gift = { recipientEmail: 'nisha@example.com', message: null, hidePrices: true };
      const mail = giftOnItsWayMail(midnight, gift, storeDetails);
      expect(mail.text).toContain(chosenDay);
      expect(mail.text).not.toContain('₹');
    });

    it('repeats them in status mail while the parcel is on its way, not once it is delivered', () => {
      const customer = { ...midnight, customerEmail: 'meera@example.com' };
      expect(orderStatusMail(customer, 'shipped', '', storeDetails).text).toContain(chosenDay);
      expect(orderStatusMail(customer, 'delivered', '', storeDetails).text).not.toContain('Delivery on');
    });
  });
});

// Every mail ends with customer care and the Contact and Returns pages.
describe('the footer of every mail', () => {
  const identity = (env: Record<string, string>) =>
    storeIdentityFrom(loadConfig({ CUSTOMER_CARE_PHONE: '+91 80 2222 3333', ...env }));

  async function sendOne(storeDetails: ReturnType<typeof storeIdentityFrom>, html: string | null) {
    await store.app.mailWorker.sendDueMail(100);
    const id = await queueMail({ html });
    const recording = recordingTransport();
    await createMailWorker({
      db: store.database.db,
      clock,
      transport: recording.transport,
      from: 'store@example.com',
      store: async () => storeDetails,
      log: store.app.log,
    }).sendDueMail();
    return recording.sent.find((message) => message.outboxId === id)!;
  }

  it('links Contact and Returns absolutely when PUBLIC_URL is set, with customer care', async () => {
    const sent = await sendOne(identity({ PUBLIC_URL: 'https://gifts.example.in/' }), '<p>Hello</p>');
    expect(sent.text).toMatch(/^Hello from the store\n/);
    expect(sent.text).toContain('Contact us: https://gifts.example.in/contact');
    expect(sent.text).toContain('Returns and refunds: https://gifts.example.in/policies/returns');
    expect(sent.text).toContain('Customer care: +91 80 2222 3333 · hello@utsavgifts.in');
    expect(sent.text).toContain(
      'Utsav Gifts Private Limited, 12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001',
    );
    expect(sent.html).toContain(
      '<a href="https://gifts.example.in/contact" style="color:#c2410c">Contact us</a>',
    );
    expect(sent.html).toContain(
      '<a href="https://gifts.example.in/policies/returns" style="color:#c2410c">Returns and refunds</a>',
    );
    expect(sent.html).toContain('<a href="tel:+918022223333" style="color:#c2410c">+91 80 2222 3333</a>');
  });

  it('links the pages at the address the store listens at without PUBLIC_URL, and adds no HTML part to a text mail', async () => {
    const sent = await sendOne(identity({ PORT: '8080' }), null);
    expect(sent.text).toContain('Contact us: http://localhost:8080/contact');
    expect(sent.text).toContain('Returns and refunds: http://localhost:8080/policies/returns');
    expect(sent.html).toBeNull();
  });

  it('goes where a laid-out mail keeps its place for it, inside the page', async () => {
    const laidOut = orderStatusMail(
      {
        id: '3b7c8a56-2f1e-4c1a-9a77-1f2e3d4c5b6a',
        orderNumber: 'RG-1',
        customerName: 'Meera',
        customerEmail: 'm@example.com',
      },
      'shipped',
      '',
      identity({}),
    );
    const sent = await sendOne(identity({}), laidOut.html!);
    expect(sent.html).not.toContain(MAIL_FOOTER_SLOT);
    expect(sent.html!.indexOf('Contact us</a>')).toBeLessThan(sent.html!.indexOf('</body>'));
  });
});
