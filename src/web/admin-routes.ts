// The back office's pages, each a chunk of its own that shoppers never download. This table of
// their chunks (and of what each imports, for preloading) is a chunk too, loaded when the back
// office is opened, so that the entry every shopper downloads does not carry it (decision 0046).
const pages = {
  dashboard: () => import('./pages/admin/dashboard-page'),
  orders: () => import('./pages/admin/orders-page'),
  order: () => import('./pages/admin/order-page'),
  packingSlip: () => import('./pages/admin/packing-slip-page'),
  customers: () => import('./pages/admin/customers-page'),
  customer: () => import('./pages/admin/customer-page'),
  products: () => import('./pages/admin/products-page'),
  product: () => import('./pages/admin/product-page'),
  categories: () => import('./pages/admin/categories-page'),
  collections: () => import('./pages/admin/collections-page'),
  returns: () => import('./pages/admin/returns-page'),
  coupons: () => import('./pages/admin/coupons-page'),
  reviews: () => import('./pages/admin/reviews-page'),
  outbox: () => import('./pages/admin/outbox-page'),
  messages: () => import('./pages/admin/messages-page'),
  reports: () => import('./pages/admin/reports-page'),
  bulkEnquiries: () => import('./pages/admin/bulk-enquiries-page'),
  complaints: () => import('./pages/admin/complaints-page'),
  groupGifts: () => import('./pages/admin/group-gifts-page'),
  newQuote: () => import('./pages/admin/new-quote-page'),
  settings: () => import('./pages/admin/settings-page'),
  deliverySlots: () => import('./pages/admin/delivery-slots-page'),
  staff: () => import('./pages/admin/staff-page'),
};

export type AdminPage = keyof typeof pages;

export const loadAdminPage = (page: AdminPage) => pages[page]();
