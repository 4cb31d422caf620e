import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { POLICY_PAGES, policyPageList } from '../../../shared/policy-pages';
import { setUpTestStore } from '../../testing/test-store';

// Issue 25: the pages a seller in India must show (Consumer Protection (E-Commerce) Rules, 2020),
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
