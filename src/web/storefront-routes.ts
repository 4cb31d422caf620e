// The storefront's pages other than home, the listings and the product page (the cart,
// checkout, accounts, collections, the policy pages, the pages of e-mailed links), each a chunk of
// its own. This table of their chunks (and of what each imports, for preloading) is a chunk too:
// the router loads it for these pages, the landing page fetches it once it runs
// (prefetchStorefrontRoutes), and the server names it for the browser to fetch with the entry when
// a shopper lands on one of these pages (route-preloads.ts).
const pages = {
  cart: () => import('./pages/cart-page'),
  checkout: () => import('./pages/checkout-page'),
  payment: () => import('./pages/payment-page'),
  testPayment: () => import('./pages/test-payment-page'),
  orderConfirmation: () => import('./pages/order-confirmation-page'),
  orders: () => import('./pages/orders-page'),
  login: () => import('./pages/login-page'),
  register: () => import('./pages/register-page'),
  wishlist: () => import('./pages/wishlist-page'),
  bulkOrders: () => import('./pages/bulk-orders-page'),
  stopMessages: () => import('./pages/stop-messages-page'),
  refundDetails: () => import('./pages/refund-details-page'),
  track: () => import('./pages/track-page'),
  quote: () => import('./pages/quote-page'),
  staffInvite: () => import('./pages/staff-invite-page'),
  giftLink: () => import('./pages/gift-link-page'),
  groupGiftStart: () => import('./pages/group-gift-start-page'),
  groupGift: () => import('./pages/group-gift-page'),
  confirmEmail: () => import('./pages/confirm-email-page'),
  notFound: () => import('./pages/not-found-page'),
  collections: () => import('./pages/collections-page'),
  collection: () => import('./pages/collection-page'),
  categories: () => import('./pages/categories-page'),
  returnsPolicy: () => import('./pages/returns-policy-page'),
  shippingPolicy: () => import('./pages/shipping-policy-page'),
  terms: () => import('./pages/terms-page'),
  privacy: () => import('./pages/privacy-page'),
  contact: () => import('./pages/contact-page'),
};

export type StorefrontPage = keyof typeof pages;

export const loadStorefrontPage = (page: StorefrontPage) => pages[page]();
