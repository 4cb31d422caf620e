import { createBrowserRouter, type RouteObject } from 'react-router';
import { OPT_OUT_PATH, REFUND_DETAILS_PATH } from '../shared/notification-links';
import { POLICY_PAGES } from '../shared/policy-pages';
import type { AdminPage } from './admin-routes';
import { RootLayout } from './app/root-layout';
import { ErrorPage } from './pages/error-page';
import type { StorefrontPage } from './storefront-routes';

/** A page the server does not render, through the table of their chunks (storefront-routes.ts). */
const storefrontPage = (page: StorefrontPage) => async () =>
  (await import('./storefront-routes')).loadStorefrontPage(page);

/** A back-office page, through the table of their chunks (admin-routes.ts). */
const adminPage = (page: AdminPage) => async () => (await import('./admin-routes')).loadAdminPage(page);

/**
 * Fetches the table of the storefront's other pages once the landing page runs, so that opening
 * one (the cart, checkout) does not wait for it.
 */
export function prefetchStorefrontRoutes() {
  void import('./storefront-routes');
}

// SPEC 2 route table. Each page is its own lazily loaded chunk, so a shopper downloads only the
// pages they open. Home, the listings and the product page, where most shoppers land, are loaded
// from here; the others through a table of their chunks that the entry does not carry.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, lazy: () => import('./pages/home-page') },
      { path: 'products', lazy: () => import('./pages/products-page') },
      { path: 'category/:category', lazy: () => import('./pages/products-page') },
      { path: 'product/:slug', lazy: () => import('./pages/product-page') },
      { path: 'collections', lazy: storefrontPage('collections') },
      { path: 'collection/:slug', lazy: storefrontPage('collection') },
      { path: 'categories', lazy: storefrontPage('categories') },
      { path: 'cart', lazy: storefrontPage('cart') },
      { path: 'checkout', lazy: storefrontPage('checkout') },
      { path: 'payment', lazy: storefrontPage('payment') },
      { path: 'test-payment', lazy: storefrontPage('testPayment') },
      { path: 'order-confirmation/:orderId', lazy: storefrontPage('orderConfirmation') },
      { path: 'orders', lazy: storefrontPage('orders') },
      { path: 'login', lazy: storefrontPage('login') },
      { path: 'register', lazy: storefrontPage('register') },
      { path: 'wishlist', lazy: storefrontPage('wishlist') },
      { path: 'bulk-orders', lazy: storefrontPage('bulkOrders') },
      // The opt-out link of every order message.
      { path: OPT_OUT_PATH.slice(1), lazy: storefrontPage('stopMessages') },
      // Decision 0067: the signed page of a cash on delivery refund's UPI ID or bank account.
      { path: REFUND_DETAILS_PATH.slice(1), lazy: storefrontPage('refundDetails') },
      // Public parcel tracking by order number and phone or e-mail.
      { path: 'track', lazy: storefrontPage('track') },
      // The pages a seller in India must show (paths in src/shared/policy-pages.ts).
      { path: POLICY_PAGES.returns.path.slice(1), lazy: storefrontPage('returnsPolicy') },
      { path: POLICY_PAGES.shipping.path.slice(1), lazy: storefrontPage('shippingPolicy') },
      { path: POLICY_PAGES.terms.path.slice(1), lazy: storefrontPage('terms') },
      { path: POLICY_PAGES.privacy.path.slice(1), lazy: storefrontPage('privacy') },
      { path: POLICY_PAGES.contact.path.slice(1), lazy: storefrontPage('contact') },
      // A bulk quote's payable link, e-mailed to the customer.
      { path: 'quote/:orderId', lazy: storefrontPage('quote') },
      // The link of a staff invitation.
      { path: 'staff-invite/:token', lazy: storefrontPage('staffInvite') },
      { path: 'gift/:token', lazy: storefrontPage('giftLink') },
      // Decision 0084: a group gift: started from a product or the cart, then its shared page.
      { path: 'group-gift/new', lazy: storefrontPage('groupGiftStart') },
      { path: 'group-gift/:token', lazy: storefrontPage('groupGift') },
      // Decision 0075: the link that confirms a shopper's new e-mail.
      { path: 'confirm-email/:token', lazy: storefrontPage('confirmEmail') },
      {
        // The back office, in chunks of its own that shoppers never download.
        path: 'admin',
        lazy: () => import('./pages/admin/admin-layout-page'),
        children: [
          { index: true, lazy: adminPage('dashboard') },
          { path: 'orders', lazy: adminPage('orders') },
          { path: 'orders/:id', lazy: adminPage('order') },
          { path: 'orders/:id/packing-slip', lazy: adminPage('packingSlip') },
          { path: 'customers', lazy: adminPage('customers') },
          { path: 'customers/:id', lazy: adminPage('customer') },
          { path: 'products', lazy: adminPage('products') },
          { path: 'products/new', lazy: adminPage('product') },
          { path: 'products/:id', lazy: adminPage('product') },
          { path: 'categories', lazy: adminPage('categories') },
          { path: 'collections', lazy: adminPage('collections') },
          { path: 'returns', lazy: adminPage('returns') },
          { path: 'coupons', lazy: adminPage('coupons') },
          { path: 'delivery-slots', lazy: adminPage('deliverySlots') },
          { path: 'reviews', lazy: adminPage('reviews') },
          { path: 'outbox', lazy: adminPage('outbox') },
          { path: 'messages', lazy: adminPage('messages') },
          { path: 'reports', lazy: adminPage('reports') },
          { path: 'bulk-enquiries', lazy: adminPage('bulkEnquiries') },
          { path: 'complaints', lazy: adminPage('complaints') },
          { path: 'group-gifts', lazy: adminPage('groupGifts') },
          { path: 'quotes/new', lazy: adminPage('newQuote') },
          // The owner's settings and staff.
          { path: 'settings', lazy: adminPage('settings') },
          { path: 'staff', lazy: adminPage('staff') },
        ],
      },
      { path: '*', lazy: storefrontPage('notFound') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
