import { POLICY_PAGES } from '../../../shared/policy-pages';
import { telLink } from '../../../shared/store-links';
import { escapeHtml } from '../../http/escape-html';
import type { StoreIdentity } from '../../store-identity';

export type MailFooter = { text: string; html: string };

/**
 * Issue 25: every e-mail ends with who the seller is, how to reach customer care and where the
 * Contact and Returns pages are: absolute links when PUBLIC_URL is set; without it the store
 * cannot know its own address, so the footer names the pages and gives the phone and e-mail.
 */
export function mailFooter(store: StoreIdentity): MailFooter {
  const pages = [POLICY_PAGES.contact, POLICY_PAGES.returns];
  const urlOf = (path: string) => (store.publicUrl ? `${store.publicUrl}${path}` : null);
  const care = `Customer care: ${store.customerCare.phone} · ${store.customerCare.email}`;
  const seller = `${store.legalName}, ${store.address}`;

  const text = [
    '',
    '--',
    store.storeName,
    care,
    ...pages.map((page) => `${page.title}: ${urlOf(page.path) ?? `${page.path} on our website`}`),
    seller,
  ].join('\n');

  const links = pages
    .map((page) => {
      const url = urlOf(page.path);
      return url ? `<a href="${escapeHtml(url)}">${escapeHtml(page.title)}</a>` : escapeHtml(page.title);
    })
    .join(' · ');
  const html = [
    '<hr>',
    '<p style="font-size:12px;color:#57534e">',
    `${escapeHtml(store.storeName)} · Customer care: <a href="${escapeHtml(telLink(store.customerCare.phone))}">${escapeHtml(store.customerCare.phone)}</a> · <a href="mailto:${escapeHtml(store.customerCare.email)}">${escapeHtml(store.customerCare.email)}</a><br>`,
    `${links}<br>`,
    escapeHtml(seller),
    '</p>',
  ].join('\n');
  return { text, html };
}
