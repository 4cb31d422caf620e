import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../shared/api/auth';
import type { BulkEnquiryCreated } from '../../../shared/api/bulk-enquiries';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { type CreatedQuoteResponse, QUOTE_MESSAGES, type QuoteResponse } from '../../../shared/api/quotes';
import { mailOutbox, orderQuotes, orders, products } from '../../db/schema';
import { createTestProduct, payOrder, seedPincodes, TEST_ADDRESS } from '../../testing/order-fixtures';
import { lastSandboxCode } from '../../testing/test-accounts';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// The owner quotes an enquirer who has no account yet; the link opens the quote,
// and paying it takes signing in (or registering) with the e-mail it was sent to.

const clock = createTestClock('2026-11-23T10:00:00+05:30');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false', QUOTE_MAX_DISCOUNT_PERCENT: '15' },
  seed: seedPincodes,
  admin: true,
});

let counter = 0;
const freshEmail = () => `enquirer-${Date.now().toString(36)}-${++counter}@example.com`;

/** A ₹200 product with 100 in stock. */
async function product() {
  return createTestProduct(store.database, {
    name: `Brass Diya Set ${Date.now()}${Math.random()}`,
    priceRupees: 200,
    stock: 100,
  });
}

const createQuote = (payload: Record<string, unknown>) =>
  store.app.inject({ method: 'POST', url: '/api/admin/quotes', headers: store.admin.headers, payload });

const keyOf = (link: string) => new URL(link).searchParams.get('key')!;

describe('a quote for someone without an account', () => {
  it('opens by its link, and becomes theirs when they register with its e-mail and pay', async () => {
    const diya = await product();
    const email = freshEmail();
    const sent = await createQuote({
      customerEmail: email,
      customerName: 'Ritu Menon',
      lines: [{ productId: diya.id, quantity: 40 }],
      shippingAddress: TEST_ADDRESS,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { quote, link } = sent.json<CreatedQuoteResponse>();
    expect(quote.customerEmail).toBe(email);
    // Absolute even without PUBLIC_URL: the address the store listens at.
    expect(link).toMatch(new RegExp(`^http://localhost:3000/quote/${quote.orderId}\\?key=[\\w-]{32}$`));
    const [order] = await store.database.db.select().from(orders).where(eq(orders.id, quote.orderId));
    expect(order?.userId).toBeNull();
    // The back office lists and opens it, naming whom it was sent to.
    const detail = await store.app.inject({
      url: `/api/admin/orders/${quote.orderId}`,
      headers: store.admin.headers,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<{ customer: unknown }>().customer).toEqual({ id: 0, name: 'Ritu Menon', email });
    const listed = await store.app.inject({
      url: `/api/admin/orders?q=${email}`,
      headers: store.admin.headers,
    });
    expect(listed.json<{ data: { id: string; customerEmail: string }[] }>().data).toEqual([
      expect.objectContaining({ id: quote.orderId, customerEmail: email }),
    ]);

    const [mail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'quote'), eq(mailOutbox.orderId, quote.orderId)));
    expect(mail?.recipient).toBe(email);
    expect(mail?.text).toContain('Hello Ritu Menon,');
    expect(mail?.text).toContain(`Review your quote here: ${link}`);
    expect(mail?.html).toContain(`href="${link.replace('&', '&amp;')}"`);

    // The link's key opens it without signing in; without the key, or with a wrong one, nothing.
    const byLink = await store.app.inject({ url: `/api/quotes/${quote.orderId}?key=${keyOf(link)}` });
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect(byLink.json<QuoteResponse>().quote).toMatchObject({ total: 8000, state: 'open' });
    for (const url of [
      `/api/quotes/${quote.orderId}`,
      `/api/quotes/${quote.orderId}?key=${'x'.repeat(32)}`,
    ]) {
      expect((await store.app.inject({ url })).statusCode).toBe(404);
    }

    // Someone else signed in cannot pay it, even holding the link.
    const stranger = await store.newCustomer();
    const refused = await store.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.orderId}/payment?key=${keyOf(link)}`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(QUOTE_MESSAGES.signInToPay);

    // The enquirer registers with the quote's e-mail (any case), sees it without the key, and pays.
    const enquirer = await store.newCustomer({ email: email.toUpperCase(), fullName: 'Ritu Menon' });
    const seen = await store.app.inject({ url: `/api/quotes/${quote.orderId}`, headers: enquirer.headers });
    expect(seen.statusCode, seen.body).toBe(200);
    const started = await store.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.orderId}/payment`,
      headers: enquirer.headers,
    });
    expect(started.statusCode, started.body).toBe(200);
    await payOrder(store.app, enquirer.headers, started.json<CreateOrderResponse>());
    const [paid] = await store.database.db.select().from(orders).where(eq(orders.id, quote.orderId));
    expect(paid).toMatchObject({ userId: enquirer.user.id, status: 'paid' });
  });

  it('can go to a phone alone: no mail is queued and the owner shares the link', async () => {
    const diya = await product();
    const sent = await createQuote({
      customerPhone: '+91 98450 12345',
      lines: [{ productId: diya.id, quantity: 30 }],
      shippingAddress: TEST_ADDRESS,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { quote, link } = sent.json<CreatedQuoteResponse>();
    expect(quote).toMatchObject({ customerEmail: null, customerPhone: '9845012345' });
    expect(link).toContain(`/quote/${quote.orderId}?key=`);
    const mails = await store.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, quote.orderId));
    expect(mails).toEqual([]);

    const nobody = await createQuote({
      lines: [{ productId: diya.id, quantity: 30 }],
      shippingAddress: TEST_ADDRESS,
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json<{ message: string }>().message).toBe(QUOTE_MESSAGES.noContact);
  });
});

describe('a quote sent to a phone alone', () => {
  it('is opened and paid by the shopper who signs in with that phone by a one-time code', async () => {
    const diya = await product();
    const phone = '9845098450';
    const sent = await createQuote({
      customerPhone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
      customerName: 'Meera Pillai',
      lines: [{ productId: diya.id, quantity: 30 }],
      shippingAddress: TEST_ADDRESS,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { quote } = sent.json<CreatedQuoteResponse>();

    const ip = '203.0.113.77';
    const asked = await store.app.inject({
      method: 'POST',
      url: '/api/auth/otp/request',
      payload: { phone },
      remoteAddress: ip,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = await lastSandboxCode(store.database, phone);
    const signedIn = await store.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { phone, code, fullName: 'Meera Pillai', adult: true },
      remoteAddress: ip,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { user, token } = signedIn.json<AuthResponse>();
    expect(user).toMatchObject({ email: '', phone });
    const headers = { authorization: `Bearer ${token}` };

    // No key in the URL: the verified phone alone names them.
    const seen = await store.app.inject({ url: `/api/quotes/${quote.orderId}`, headers });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<QuoteResponse>().quote).toMatchObject({ total: 6000, state: 'open' });
    const started = await store.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.orderId}/payment`,
      headers,
    });
    expect(started.statusCode, started.body).toBe(200);
    await payOrder(store.app, headers, started.json<CreateOrderResponse>());
    const [paid] = await store.database.db.select().from(orders).where(eq(orders.id, quote.orderId));
    expect(paid).toMatchObject({ userId: user.id, status: 'paid' });
  });
});

describe("a quote from a business's enquiry", () => {
  it("carries the enquiry's contact, delivery address, GSTIN and legal name onto the quote and its order", async () => {
    const diya = await product();
    const email = freshEmail();
    const deliveryAddress = {
      fullName: 'Kavya Reddy',
      address: '3rd Floor, 80 Residency Road',
      city: 'Bengaluru',
      postalCode: '560001',
      phone: '98450 77777',
    };
    const enquired = await store.app.inject({
      method: 'POST',
      url: '/api/bulk-enquiries',
      payload: {
        occasion: 'Office Diwali',
        productsOrBudget: 'Brass diyas, about ₹200 each',
        quantity: 50,
        neededBy: '2026-12-10',
        name: 'Kavya Reddy',
        phone: '98450 77777',
        email,
        gstin: '27AAPFU0939F1ZV',
        legalName: 'Reddy Softworks Private Limited',
        deliveryAddress,
      },
    });
    expect(enquired.statusCode, enquired.body).toBe(201);
    const enquiryId = enquired.json<BulkEnquiryCreated>().id;

    const sent = await createQuote({
      bulkEnquiryId: enquiryId,
      lines: [{ productId: diya.id, quantity: 50 }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { quote } = sent.json<CreatedQuoteResponse>();
    expect(quote).toMatchObject({
      customerEmail: email,
      customerPhone: '9845077777',
      buyerGstin: '27AAPFU0939F1ZV',
      buyerLegalName: 'Reddy Softworks Private Limited',
      shippingAddress: {
        fullName: 'Kavya Reddy',
        address: '3rd Floor, 80 Residency Road',
        postalCode: '560001',
      },
    });
    // On the order itself: its address, and the buyer beside it for the B2B invoice.
    const [row] = await store.database.db
      .select({
        address: orders.shippingAddress,
        gstin: orderQuotes.buyerGstin,
        legalName: orderQuotes.buyerLegalName,
      })
      .from(orders)
      .innerJoin(orderQuotes, eq(orderQuotes.orderId, orders.id))
      .where(eq(orders.id, quote.orderId));
    expect(row).toMatchObject({
      address: expect.objectContaining({ address: '3rd Floor, 80 Residency Road', city: 'Bengaluru' }),
      gstin: '27AAPFU0939F1ZV',
      legalName: 'Reddy Softworks Private Limited',
    });
    const [mail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'quote'), eq(mailOutbox.orderId, quote.orderId)));
    expect(mail?.text).toContain('Hello Kavya Reddy,');
    expect(mail?.text).toContain('Billed to: Reddy Softworks Private Limited, GSTIN 27AAPFU0939F1ZV');
  });

  it('asks for an address when neither the owner nor the enquiry gave one', async () => {
    const diya = await product();
    const refused = await createQuote({
      customerEmail: freshEmail(),
      lines: [{ productId: diya.id, quantity: 30 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(QUOTE_MESSAGES.noAddress);
  });
});

describe('a negotiated line price', () => {
  it('is allowed down to the maximum discount, shown on the quote, and priced by the server', async () => {
    const diya = await product();
    // 15 % below ₹200 is ₹170: the lowest price the owner's rule allows.
    const sent = await createQuote({
      customerEmail: freshEmail(),
      lines: [{ productId: diya.id, quantity: 40, unitPrice: 170 }],
      shippingAddress: TEST_ADDRESS,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { quote } = sent.json<CreatedQuoteResponse>();
    expect(quote.maxDiscountPercent).toBe(15);
    expect(quote.lines).toEqual([
      expect.objectContaining({
        listPrice: 200,
        unitPrice: 170,
        lineTotal: 6800,
        negotiated: true,
        percentOff: 0,
      }),
    ]);
    expect(quote).toMatchObject({ subtotal: 6800, total: 6800 });
    const [mail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'quote'), eq(mailOutbox.orderId, quote.orderId)));
    expect(mail?.text).toContain('40 × ₹170 each (agreed price; list price ₹200) = ₹6,800');
  });

  it.each([
    [169.99, 'the agreed price can be at most 15% below the list price, so at least ₹170'],
    [200.5, 'the agreed price cannot be above the list price of ₹200'],
  ])('is refused at ₹%s with a 400, and nothing is reserved', async (unitPrice, message) => {
    const diya = await product();
    const body = {
      customerEmail: freshEmail(),
      lines: [{ productId: diya.id, quantity: 40, unitPrice }],
      shippingAddress: TEST_ADDRESS,
    };
    for (const url of ['/api/admin/quotes', '/api/admin/quotes/preview']) {
      const refused = await store.app.inject({
        method: 'POST',
        url,
        headers: store.admin.headers,
        payload: body,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
        { path: 'lines.0.unitPrice', message: `${diya.name}: ${message}` },
      ]);
    }
    const [row] = await store.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, diya.id));
    expect(row?.stock).toBe(100);
  });
});
