import { policyPageAt } from './policy-pages';

// SPEC 2 route table. The server answers these with status 200 and any other page path with 404
// (the app then shows 'Page Not Found'), so crawlers never index a missing page.
const pagePatterns: RegExp[] = [
  /^\/$/,
  /^\/products\/?$/,
  /^\/category\/[^/]+\/?$/,
  /^\/product\/[^/]+\/?$/,
  /^\/collections\/?$/,
  /^\/collection\/[^/]+\/?$/,
  /^\/categories\/?$/,
  /^\/cart\/?$/,
  /^\/checkout\/?$/,
  /^\/payment\/?$/,
  /^\/test-payment\/?$/,
  /^\/order-confirmation\/[^/]+\/?$/,
  /^\/orders\/?$/,
  /^\/wishlist\/?$/,
  /^\/login\/?$/,
  /^\/register\/?$/,
  /^\/bulk-orders\/?$/,
  /^\/messages\/stop\/?$/,
  /^\/track\/?$/,
  /^\/admin(\/.*)?$/,
  /^\/staff-invite\/[^/]+\/?$/,
  /^\/gift\/[^/]+\/?$/,
  // Decision 0084: starting a group gift, and a pool's page (its token, or 'new').
  /^\/group-gift\/[^/]+\/?$/,
  /^\/confirm-email\/[^/]+\/?$/,
];

export const isKnownPagePath = (path: string) =>
  pagePatterns.some((pattern) => pattern.test(path)) || policyPageAt(path) !== undefined;

/** The bottom navigation is hidden on /payment, /checkout and any /product/ page (SPEC 2). */
export const hidesBottomNav = (path: string) =>
  path === '/payment' || path === '/checkout' || path.startsWith('/product/');

/** The back office, where the storefront's bars (tab bar, cart bar, chat) stay away. */
export const isBackOffice = (path: string) => path === '/admin' || path.startsWith('/admin/');
