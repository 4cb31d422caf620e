// The pages a seller in India must show (Consumer Protection (E-Commerce) Rules, 2020).
import { FAULT_RETURN_WINDOW_DAYS, RETURN_WINDOW_DAYS } from './return-rules';

// One list for the routes, the server's heads and sitemap, the footer, checkout and e-mails.

/**
 * Decision 0062: the version of the privacy notice, recorded with every consent (the ledger's rows
 * and the analytics choice kept in the browser); raise it when the notice changes, and the banner
 * asks again. Here, with no Zod, because the storefront's entry code reads it.
 */
export const PRIVACY_NOTICE_VERSION = '2026-12';

export type PolicyPage = {
  path: string;
  /** The page's heading and the link's words. */
  title: string;
  /** The meta description crawlers and link previews show. */
  description: string;
};

export const POLICY_PAGES = {
  returns: {
    path: '/policies/returns',
    title: 'Returns and refunds',
    description: `Return a delivered order within ${RETURN_WINDOW_DAYS} days, or at least ${FAULT_RETURN_WINDOW_DAYS} if it is faulty: how to ask, who pays to send it back, cancelling, and when the refund reaches you.`,
  },
  shipping: {
    path: '/policies/shipping',
    title: 'Shipping and delivery',
    description:
      'Where we deliver, same-day and next-day delivery, the midnight slot, shipping charges and pre-order windows.',
  },
  terms: {
    path: '/policies/terms',
    title: 'Terms of use',
    description:
      'The terms on which we sell: orders, prices, payment and charge-backs, delivery, returns and disputes.',
  },
  privacy: {
    path: '/policies/privacy',
    title: 'Privacy policy',
    description:
      'What we collect when you shop with us, why, who we share it with and how to reach us about it.',
  },
  contact: {
    path: '/contact',
    title: 'Contact us',
    description:
      'Customer care phone and e-mail, the seller’s registered address, our Grievance Officer and a complaint form with a ticket number.',
  },
} as const satisfies Record<string, PolicyPage>;

export type PolicyPageName = keyof typeof POLICY_PAGES;

export const policyPageList: readonly PolicyPage[] = Object.values(POLICY_PAGES);

/** The policy page at a path ('/policies/returns' or '/policies/returns/'), if it is one. */
export const policyPageAt = (path: string): PolicyPage | undefined =>
  policyPageList.find((page) => page.path === path.replace(/(.)\/$/, '$1'));
