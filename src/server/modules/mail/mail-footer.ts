import { BRAND_COLOUR } from '../../../shared/brand';
import { POLICY_PAGES } from '../../../shared/policy-pages';
import { telLink } from '../../../shared/store-links';
import { escapeHtml } from '../../http/escape-html';
import { absoluteUrl, type StoreIdentity } from '../../store-identity';

export type MailFooter = { text: string; html: string };

/**
 * Every e-mail ends with who the seller is, how to reach customer care and where the
 * Contact and Returns pages are, always as absolute links (PUBLIC_URL, else the address the store
 * listens at: a bare path cannot be opened from a mail client).
 */
export function mailFooter(store: StoreIdentity): MailFooter {
  const pages = [POLICY_PAGES.contact, POLICY_PAGES.returns];
  const urlOf = (path: string) => absoluteUrl(store, path);
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:${BRAND_COLOUR}">${escapeHtml(label)}</a>`;
  const care = `Customer care: ${store.customerCare.phone} · ${store.customerCare.email}`;
  const seller = `${store.legalName}, ${store.address}`;

  const text = [
    '',
    '--',
    store.storeName,
    care,
    ...pages.map((page) => `${page.title}: ${urlOf(page.path)}`),
    seller,
  ].join('\n');

  const links = pages.map((page) => link(urlOf(page.path), page.title)).join(' · ');
  const html = [
    '<p style="font-size:12px;line-height:18px;color:#57534e;margin:0;padding-top:12px;border-top:1px solid #e7e5e4;font-family:Arial, Helvetica, sans-serif">',
    `${escapeHtml(store.storeName)} · Customer care: ${link(telLink(store.customerCare.phone), store.customerCare.phone)} · ${link(`mailto:${store.customerCare.email}`, store.customerCare.email)}<br>`,
    `${links}<br>`,
    escapeHtml(seller),
    '</p>',
  ].join('\n');
  return { text, html };
}
