import { describe, expect, it } from 'vitest';
import { BRAND_COLOUR } from '../../../shared/brand';
import { loadConfig } from '../../config';
import { storeIdentityFrom } from '../../store-identity';
import { mailFooter } from './mail-footer';
import { MAIL_FOOTER_SLOT } from './mail-layout';
import { withFooter } from './mail-outbox';
import { mailSamples } from './mail-samples';

// Decision 0038: every mail as branded HTML with a plain-text part, and every link absolute,
// also when PUBLIC_URL is unset (then the address the store listens at).

const withoutPublicUrl = storeIdentityFrom(loadConfig({ STORE_NAME: 'Diya Crafts', PORT: '8080' }));
const withPublicUrl = storeIdentityFrom(loadConfig({ PUBLIC_URL: 'https://gifts.example.in/' }));

const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);

describe.each([
  ['without PUBLIC_URL', withoutPublicUrl, 'http://localhost:8080'],
  ['with PUBLIC_URL', withPublicUrl, 'https://gifts.example.in'],
])('every mail %s', (_, store, origin) => {
  const footer = mailFooter(store);
  const samples = Object.entries(mailSamples(store));

  it.each(samples)('%s has an HTML part in the layout and a plain-text part', (_name, mail) => {
    expect(mail.text.length).toBeGreaterThan(40);
    expect(mail.text).not.toContain('<');
    const html = mail.html!;
    expect(html.startsWith('<!DOCTYPE html')).toBe(true);
    expect(html).toContain(`>${store.storeName}</p>`);
    expect(html).toContain(`background-color:${BRAND_COLOUR}`);
    expect(html).toContain('role="presentation"');
    expect(html).toContain(MAIL_FOOTER_SLOT);
    // The text's greeting or first line is the HTML's too: one set of words, two parts.
    const firstLine = mail.text.split('\n')[0]!.replace(/'/g, '&#x27;');
    expect(html).toContain(firstLine);
  });

  it.each(samples)('%s links only absolutely, in both parts, footer included', (_name, mail) => {
    const sent = withFooter({ text: mail.text, html: mail.html ?? null }, footer);
    const hrefs = hrefsOf(sent.html!);
    expect(hrefs.length).toBeGreaterThan(2);
    for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/[^/]|mailto:|tel:\+?\d)/);
    expect(hrefs.filter((href) => href.startsWith('http')).every((href) => href.startsWith(origin))).toBe(
      true,
    );
    // No bare path such as "/quote/2e82…" in the words either.
    expect(sent.text).not.toMatch(/(^|\s)\/[\w-]/m);
    expect(sent.text).toContain(`${origin}/contact`);
  });
});

describe('the button of each mail', () => {
  const samples = mailSamples(withoutPublicUrl);
  it.each([
    ['order-confirmation', 'View your order', '/order-confirmation/3b7c8a56-2f1e-4c1a-9a77-1f2e3d4c5b6a'],
    ['status-shipped', 'View your order', '/order-confirmation/3b7c8a56-2f1e-4c1a-9a77-1f2e3d4c5b6a'],
    ['payment-refunded', 'View your order', '/order-confirmation/3b7c8a56-2f1e-4c1a-9a77-1f2e3d4c5b6a'],
    ['quote', 'Review and pay your quote', '/quote/9d1f6c2e-7b3a-4e8f-a1c5-2d4e6f8a0b1c?key='],
    ['gift-on-its-way', 'Visit Diya Crafts', '/'],
    ['owner-digest', 'Open the back office', '/admin'],
    ['cart-reminder', 'Pick up where you left off', '/cart?restore='],
    ['staff-invite', 'Set your password', '/staff-invite/'],
  ])('%s says "%s" and opens %s', (name, label, path) => {
    const html = samples[name]!.html!;
    expect(html).toContain(`>${label}</span>`);
    expect(html).toContain(`href="http://localhost:8080${path}`);
  });
});

describe('the status mail of a return', () => {
  const samples = mailSamples(withoutPublicUrl);
  it('names the item of a partial return and never calls the whole order returned', () => {
    const mail = samples['status-partial-return']!;
    expect(mail.subject).toBe('Order RG-10427: Return accepted');
    expect(mail.text).toContain(
      'We have accepted the return of 1 x Silver Pooja Thali with Diya and Kumkum Holder from your order RG-10427. The rest of the order stays with you.',
    );
    expect(mail.text).not.toContain('is now: Returned');
    expect(mail.html).toContain('Return accepted for order RG-10427');
    expect(mail.html).not.toContain('is now: Returned');
  });
});
