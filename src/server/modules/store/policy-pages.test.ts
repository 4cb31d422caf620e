import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OwnerSettingsResponse } from '../../../shared/owner-settings';
import { POLICY_PAGES, policyPageList } from '../../../shared/policy-pages';
import { createTestApp } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// The pages a seller in India must show (Consumer Protection (E-Commerce) Rules, 2020),
// rendered by the server from the store's configuration, with their own heads, in the sitemap.

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dist-'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>x</title><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>',
);
const store = setUpTestStore({
  webDistDir: distDir,
  webRendererPath: path.resolve(import.meta.dirname, '../../../web/entry-server.tsx'),
  env: {
    PUBLIC_URL: 'https://gifts.example.in',
    STORE_LEGAL_NAME: 'Diya Crafts LLP',
    STORE_ADDRESS: '221 Linking Road, Bandra West, Mumbai, Maharashtra 400050',
    STORE_STATE: 'Maharashtra',
    STORE_GSTIN: '27AAPFU0939F1ZV',
    CUSTOMER_CARE_PHONE: '+91 22 6000 1234',
    CUSTOMER_CARE_EMAIL: 'care@diyacrafts.in',
    GRIEVANCE_OFFICER_NAME: 'Anjali Deshpande',
    GRIEVANCE_OFFICER_EMAIL: 'grievance@diyacrafts.in',
    GRIEVANCE_OFFICER_PHONE: '022-6000-5678',
    GRIEVANCE_OFFICER_DESIGNATION: 'Head of Customer Experience',
    COD_ENABLED: 'true',
    COD_FEE_RUPEES: '39',
    RETURN_SHIPPING_PAID_BY: 'store',
    FAULT_RETURN_DAYS: '45',
    SAME_DAY_CITY: 'Mumbai',
    NEXT_DAY_RADIUS_KM: '400',
    MIDNIGHT_SLOT_FEE_RUPEES: '249',
    FREE_SHIPPING_FROM_RUPEES: '1500',
    SHIPPING_FEE_RUPEES: '79',
  },
});

afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

/** The markup the server put into #root, without the comments React puts between text parts. */
const rootOf = (html: string) =>
  (
    html.match(/<div id="root">([\s\S]*)<\/div><script type="application\/json" id="app-data">/)?.[1] ?? ''
  ).replaceAll('<!-- -->', '');

const page = async (url: string) => {
  const response = await store.app.inject(url);
  return { status: response.statusCode, body: response.body, root: rootOf(response.body) };
};

describe('the policy pages', () => {
  it.each(policyPageList.map((policy) => [policy.path, policy] as const))(
    'renders %s on the server with its own title, description and canonical link',
    async (url, policy) => {
      const { status, body, root } = await page(url);
      expect(status).toBe(200);
      expect(body).toContain(`<title data-server-head>${policy.title} | Utsav Gifts</title>`);
      expect(body).toContain(
        `<meta name="description" content="${policy.description.replaceAll("'", '&#39;')}"`,
      );
      expect(body).toContain(`<link rel="canonical" href="https://gifts.example.in${url}" data-server-head>`);
      expect(root).toMatch(new RegExp(`<h1[^>]*>${policy.title}</h1>`));
      // Linked from the footer of every page, this one included.
      expect(root).toContain(`href="${POLICY_PAGES.returns.path}"`);
    },
  );

  it('shows the configured seller, customer care and Grievance Officer on Contact', async () => {
    const { root } = await page('/contact');
    expect(root).toContain('Diya Crafts LLP');
    expect(root).toContain('221 Linking Road, Bandra West, Mumbai, Maharashtra 400050');
    expect(root).toContain('27AAPFU0939F1ZV');
    expect(root).toContain('<a href="tel:+912260001234"');
    expect(root).toContain('+91 22 6000 1234');
    expect(root).toContain('href="mailto:care@diyacrafts.in"');
    expect(root).toContain('Anjali Deshpande');
    expect(root).toContain('href="mailto:grievance@diyacrafts.in"');
    expect(root).toContain('href="tel:02260005678"');
    // E-Commerce Rules 2020, rule 4(4): the officer's designation, from settings.
    expect(root).toContain('<dt class="font-semibold">Designation</dt><dd>Head of Customer Experience</dd>');
  });

  it('offers the complaint form and the look-up of a ticket on Contact, rendered by the server', async () => {
    const { root } = await page('/contact');
    expect(root).toContain('Raise a complaint');
    expect(root).toContain('Order number (optional)');
    expect(root).toContain('>Send complaint</button>');
    expect(root).toContain('we acknowledge it within 48 hours and resolve it within one month');
    expect(root).toContain('>Check status</button>');
  });

  it('states the returns the E-Commerce Rules 2020, rule 7(1)(a), want, from the rules and settings in force', async () => {
    const { root: whole } = await page('/policies/returns');
    const root = whole.slice(whole.indexOf('<article'), whole.indexOf('</article>'));
    expect(root).toContain(
      'within <strong>45 days</strong> if it is defective, damaged or wrong, or arrived late',
    );
    expect(root).toContain('and then the delivery charges you paid are refunded too');
    // RETURN_SHIPPING_PAID_BY=store
    expect(root).toContain('We pay for sending every approved return back to us.');
    expect(root).toContain('We do not exchange items.');
    expect(root).toContain('We give no warranty of our own beyond these returns.');
    expect(root).toContain('paid by UPI or bank transfer');
    // COD_ENABLED with COD_FEE_RUPEES=39
    expect(root).toContain('Cash on delivery costs ₹39 more per order');
    expect(root).toContain('cancel a paid order yourself in My Orders until it is packed');
    expect(root).toContain('We charge nothing for cancelling.');
  });

  it('says payments are simulated on Terms when the sandbox takes them, with no charge-back to raise', async () => {
    const { root: whole } = await page('/policies/terms');
    const root = whole.slice(whole.indexOf('<article'), whole.indexOf('</article>'));
    expect(root).toContain('payments are simulated by its built-in payment sandbox');
    expect(root).not.toContain('Razorpay');
    expect(root).toContain('Cash on delivery, where offered, costs ₹39 more per order');
    expect(root).toContain('We take no recurring payments');
    expect(root).toContain('raise a dispute (charge-back) with the bank or card issuer');
  });

  it('names Razorpay and its contact on Terms when it takes the payments (rule 7(1)(c))', async () => {
    const razorpay = await createTestApp(store.database, {
      webDistDir: distDir,
      webRendererPath: path.resolve(import.meta.dirname, '../../../web/entry-server.tsx'),
      env: {
        PAYMENTS: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_live_1234567890',
        RAZORPAY_KEY_SECRET: 'key-secret',
        COD_ENABLED: 'false',
        RETURN_SHIPPING_PAID_BY: 'customer-unless-faulty',
      },
    });
    try {
      const terms = rootOf((await razorpay.inject('/policies/terms')).body);
      expect(terms).toContain('our payment provider, Razorpay (Razorpay Software Private Limited)');
      expect(terms).toContain('href="https://razorpay.com/support/"');
      expect(terms).not.toContain('simulated');
      expect(terms).not.toContain('Cash on delivery, where offered');
      const returns = rootOf((await razorpay.inject('/policies/returns')).body);
      expect(returns).toContain('If you changed your mind, sending the item back is at your cost.');
      expect(returns).not.toContain('Cash on delivery costs');
    } finally {
      await razorpay.close();
    }
  });

  it('states the shipping rules the delivery engine runs on, with the configured city and fees', async () => {
    const { root } = await page('/policies/shipping');
    expect(root).toContain('Same day on orders placed before 2 PM India time');
    expect(root).toContain('Within 400 km of Mumbai');
    expect(root).toContain('Up to 1,000 km');
    expect(root).toContain('2-4 Days');
    expect(root).toContain('Midnight delivery (11 PM - 11:59 PM)');
    expect(root).toContain('₹249');
    expect(root).toContain('Free shipping on orders of ₹1,500 or more');
    expect(root).toContain('₹79');
    expect(root).toContain('10-15 days');
    expect(root).toContain('15-20 days');
  });

  it('promises the 7-day return window the returns module applies, and says how to ask', async () => {
    // The page's own text, not the footer's, which carries customer care on every page.
    const { root: whole } = await page('/policies/returns');
    const root = whole.slice(whole.indexOf('<article'), whole.indexOf('</article>'));
    expect(root).toContain('7 days');
    expect(root).toContain('Return items');
    expect(root).toContain('up to 3 photos');
    expect(root).toContain('<a href="tel:+912260001234"');
    expect(root).toContain('href="mailto:care@diyacrafts.in"');
  });

  it('puts the seller in the footer of every page, with customer care as tel: and mailto: links', async () => {
    const { root } = await page('/');
    const footer = root.slice(root.indexOf('<footer'));
    expect(footer).toContain('Diya Crafts LLP, 221 Linking Road, Bandra West, Mumbai, Maharashtra 400050');
    expect(footer).toContain('href="tel:+912260001234"');
    expect(footer).toContain('href="mailto:care@diyacrafts.in"');
    for (const policy of policyPageList) expect(footer).toContain(`href="${policy.path}"`);
    expect(footer).toContain('aria-label="Payment methods we accept"');
    for (const method of ['UPI', 'Visa', 'Mastercard', 'RuPay', 'Net banking']) {
      expect(footer).toContain(`>${method}</li>`);
    }
  });

  // The saved settings stay: the tests after this one read no settings.
  it("follows the owner's saved settings: COD fee, who pays return shipping, the officer's designation", async () => {
    const owner = await store.newAdmin();
    const { settings } = (
      await store.app.inject({ url: '/api/admin/settings', headers: owner.headers })
    ).json<OwnerSettingsResponse>();
    const saved = await store.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: owner.headers,
      payload: {
        ...settings,
        codFee: 59,
        returnShippingPaidBy: 'customer-unless-faulty',
        grievanceOfficerDesignation: 'Director, Customer Care',
      },
    });
    expect(saved.statusCode).toBe(200);
    const returns = (await page('/policies/returns')).root;
    expect(returns).toContain('Cash on delivery costs ₹59 more per order');
    expect(returns).toContain('If you changed your mind, sending the item back is at your cost.');
    expect((await page('/policies/terms')).root).toContain('costs ₹59 more per order');
    expect((await page('/contact')).root).toContain('<dd>Director, Customer Care</dd>');
  });

  it('lists every policy page in the sitemap', async () => {
    const sitemap = (await store.app.inject('/sitemap.xml')).body;
    for (const policy of policyPageList) {
      expect(sitemap).toContain(`<loc>https://gifts.example.in${policy.path}</loc>`);
    }
  });

  it('answers an unknown policy path with 404', async () => {
    expect((await store.app.inject('/policies/cookies')).statusCode).toBe(404);
  });
});
