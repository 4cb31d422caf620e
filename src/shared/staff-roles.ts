// Issue 26: who on the staff may use which back office route. The server's admin check
// (requireAdmin in the auth module) and the back office's menu both read this one map; a route
// missing from it is open to owners only, and admin-guard.test.ts fails until it is listed here.

export const STAFF_ROLES = ['owner', 'orders', 'catalogue'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner (everything, settings and staff)',
  orders: 'Orders (orders, returns, quotes, enquiries, complaints)',
  catalogue: 'Catalogue (products, categories, collections, reviews)',
};

const OWNER: readonly StaffRole[] = ['owner'];
const ORDERS: readonly StaffRole[] = ['owner', 'orders'];
const CATALOGUE: readonly StaffRole[] = ['owner', 'catalogue'];
const STAFF: readonly StaffRole[] = STAFF_ROLES;

/**
 * Decision 0054: money moves only by the owner's hand: marking an order paid (an invoice, a ledger
 * line "Marked paid by the store") and every refund. The same roles may see money (revenue, what
 * customers spent); the orders and catalogue desks work on orders and products without it.
 */
export const MONEY_ROLES: readonly StaffRole[] = OWNER;
export const mayHandleMoney = (role: StaffRole | null | undefined): boolean =>
  role !== null && role !== undefined && MONEY_ROLES.includes(role);
export const MONEY_OWNER_ONLY_MESSAGE = 'Only the owner can mark an order paid or refund it.';

/**
 * 'METHOD /api/admin/path' as Fastify names the route -> the roles allowed. HEAD follows GET.
 * The outbox is the owner's: it holds staff invitation links, which would let anyone reading it
 * become staff with the invited role.
 */
export const ADMIN_ROUTE_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  'GET /api/admin/dashboard': STAFF,

  'GET /api/admin/orders': ORDERS,
  'GET /api/admin/orders/:id': ORDERS,
  'POST /api/admin/orders/:id/status': ORDERS,
  'PUT /api/admin/orders/:id/address': ORDERS,
  'POST /api/admin/cod-remittances': MONEY_ROLES,
  'GET /api/admin/cod-cash': MONEY_ROLES,
  'GET /api/admin/orders/:id/invoice.pdf': ORDERS,
  'GET /api/admin/orders/:id/credit-notes': ORDERS,
  'POST /api/admin/orders/:id/shipment': ORDERS,
  'GET /api/admin/orders/:id/shipment': ORDERS,
  'DELETE /api/admin/orders/:id/shipment': ORDERS,
  'GET /api/admin/orders/:id/shipment/label': ORDERS,
  // Decision 0065: a new attempt or a return to the store is the courier's NDR action, no money.
  'POST /api/admin/orders/:id/shipment/failed-delivery': ORDERS,
  // Decision 0064: checking a returned parcel in is the desk's; its refund is the owner's.
  'GET /api/admin/orders/:id/returned-parcel': ORDERS,
  'POST /api/admin/orders/:id/returned-parcel/check-in': ORDERS,
  'POST /api/admin/orders/:id/returned-parcel/refund': MONEY_ROLES,
  'GET /api/admin/refunds-owed': MONEY_ROLES,
  'POST /api/admin/shipments': ORDERS,
  'POST /api/admin/shipments/labels.pdf': ORDERS,
  'POST /api/admin/orders/bulk/status': ORDERS,
  'POST /api/admin/orders/bulk/documents.pdf': ORDERS,
  'POST /api/admin/dispatch-jobs': ORDERS,
  'GET /api/admin/dispatch-jobs': ORDERS,
  'GET /api/admin/dispatch-jobs/:id': ORDERS,
  'POST /api/admin/dispatch-jobs/:id/resume': ORDERS,
  'GET /api/admin/dispatch-jobs/:id/file': ORDERS,
  'GET /api/admin/dispatch-jobs/:id/manifest.pdf': ORDERS,
  'GET /api/admin/customers': ORDERS,
  'GET /api/admin/customers/:id': ORDERS,
  'GET /api/admin/credit-notes/:id/pdf': ORDERS,
  'GET /api/admin/returns': ORDERS,
  // Approving a return refunds it (decision 0054: refunds are the owner's).
  'POST /api/admin/returns/:id/approve': MONEY_ROLES,
  'POST /api/admin/returns/:id/refund-paid': MONEY_ROLES,
  'POST /api/admin/returns/:id/received': MONEY_ROLES,
  'POST /api/admin/returns/:id/reject': ORDERS,
  'POST /api/admin/quotes/preview': ORDERS,
  'POST /api/admin/quotes': ORDERS,
  'GET /api/admin/bulk-enquiries': ORDERS,
  'PATCH /api/admin/bulk-enquiries/:id': ORDERS,
  'GET /api/admin/complaints': ORDERS,
  'POST /api/admin/complaints/:id/acknowledge': ORDERS,
  'POST /api/admin/complaints/:id/resolve': ORDERS,

  // Read by everyone on the staff: a quote (the orders role) picks its products from here.
  'GET /api/admin/products': STAFF,
  'GET /api/admin/products/:id': STAFF,
  'POST /api/admin/products': CATALOGUE,
  'PATCH /api/admin/products/:id': CATALOGUE,
  'POST /api/admin/products/:id/image': CATALOGUE,
  'POST /api/admin/product-images': CATALOGUE,
  'GET /api/admin/products/export.csv': CATALOGUE,
  'POST /api/admin/products/import': CATALOGUE,
  'POST /api/admin/products/import/preview': CATALOGUE,
  'POST /api/admin/products/photos-zip/preview': CATALOGUE,
  'POST /api/admin/products/photos-zip': CATALOGUE,
  'GET /api/admin/categories': CATALOGUE,
  'GET /api/admin/gst-rates-to-confirm': CATALOGUE,
  'POST /api/admin/categories': CATALOGUE,
  'PATCH /api/admin/categories/:id': CATALOGUE,
  'GET /api/admin/collections': CATALOGUE,
  'POST /api/admin/collections': CATALOGUE,
  'DELETE /api/admin/collections/:id': CATALOGUE,
  'PATCH /api/admin/collections/:id': CATALOGUE,
  'GET /api/admin/reviews': CATALOGUE,
  'PATCH /api/admin/reviews/:id': CATALOGUE,

  // The month's sales register is for the owner (or their CA): every sale and its tax.
  'GET /api/admin/reports/sales-register.csv': OWNER,
  'GET /api/admin/coupons': OWNER,
  'POST /api/admin/coupons': OWNER,
  'PATCH /api/admin/coupons/:id': OWNER,
  'PUT /api/admin/coupons/:id': OWNER,
  'POST /api/admin/coupons/:id/retire': OWNER,
  'GET /api/admin/outbox': OWNER,
  'GET /api/admin/jobs': OWNER,
  // What the message sandboxes sent holds sign-in codes, like the outbox holds invitation links.
  'GET /api/admin/messages': OWNER,
  'GET /api/admin/notifications': OWNER,
  'GET /api/admin/settings': OWNER,
  'PUT /api/admin/settings': OWNER,
  // Decision 0073: the timed delivery slots and their fees are the owner's, like the midnight fee.
  'GET /api/admin/delivery-slots': OWNER,
  'POST /api/admin/delivery-slots': OWNER,
  'PUT /api/admin/delivery-slots/:id': OWNER,
  'DELETE /api/admin/delivery-slots/:id': OWNER,
  'GET /api/admin/staff': OWNER,
  'POST /api/admin/staff/invites': OWNER,
  'DELETE /api/admin/staff/invites/:id': OWNER,
  'PATCH /api/admin/staff/:id': OWNER,
};

/** The roles allowed on a route; a route nobody listed is the owner's alone. */
export function rolesForRoute(method: string, url: string): readonly StaffRole[] {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return ADMIN_ROUTE_ROLES[key] ?? OWNER;
}

export const canUseRoute = (role: StaffRole | null | undefined, method: string, url: string): boolean =>
  role !== null && role !== undefined && rolesForRoute(method, url).includes(role);
