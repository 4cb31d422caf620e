// Decision 0076: what a staff member may do is a matrix of permissions; a role is a preset row of
// it. The server's admin check (requireAdmin in the auth module), the services that move money and
// the back office's menu and screens all read this one table; a route missing from the route map is
// the owner's alone, and admin-guard.test.ts fails until it is listed here.

/** Every permission the back office checks, in the order the staff page shows them. */
export const STAFF_PERMISSIONS = [
  'viewOrders',
  'ship',
  'print',
  'markReceived',
  'serveCustomers',
  'editCatalogue',
  'changePrices',
  'coupons',
  'viewRevenue',
  'recordPayments',
  'refund',
  'cancelWithRefund',
  'exportCustomers',
  'settings',
  'staff',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const STAFF_PERMISSION_LABELS: Record<StaffPermission, string> = {
  viewOrders: 'See orders, customers and returns',
  ship: 'Move orders on and book the courier',
  print: 'Print slips, labels, invoices and manifests',
  markReceived: 'Check a returned parcel in',
  serveCustomers: 'Quotes, bulk enquiries and complaints',
  editCatalogue: 'Edit products, photos, categories, collections and reviews',
  changePrices: 'Set prices and add products',
  coupons: 'Make and retire coupons',
  viewRevenue: 'See revenue, what customers spent, and reports',
  recordPayments: 'Mark an order paid and record COD remittances',
  refund: 'Refund a return or a returned parcel',
  cancelWithRefund: 'Cancel a paid order (a refund)',
  exportCustomers: 'Export the customer list',
  settings: 'Store settings, the outbox and the job views',
  staff: 'Invite staff and change their roles',
};

/**
 * Money stays with the owner unless the owner hands it to accounts: the orders desk ships and
 * prints but sees no revenue and refunds nothing; the catalogue desk never sees an order.
 * The stored `users.staff_role` names the preset, so a member's rights follow this table.
 */
export const STAFF_ROLES = ['owner', 'orders', 'catalogue', 'accounts'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  owner: STAFF_PERMISSIONS,
  orders: ['viewOrders', 'ship', 'print', 'markReceived', 'serveCustomers'],
  catalogue: ['editCatalogue', 'changePrices'],
  accounts: [
    'viewOrders',
    'print',
    'viewRevenue',
    'recordPayments',
    'refund',
    'cancelWithRefund',
    'exportCustomers',
  ],
};

export const STAFF_ROLE_NAMES: Record<StaffRole, string> = {
  owner: 'Owner',
  orders: 'Orders',
  catalogue: 'Catalogue',
  accounts: 'Accounts',
};

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner (everything: money, settings and staff)',
  orders: 'Orders (ship, print, returned parcels, enquiries; no revenue, no refunds)',
  catalogue: 'Catalogue (products, prices, categories, collections, reviews)',
  accounts: 'Accounts (revenue, reports, payments, refunds; no shipping)',
};

/** Whether a staff role holds a permission; not staff at all holds none. */
export const may = (role: StaffRole | null | undefined, permission: StaffPermission): boolean =>
  role !== null && role !== undefined && ROLE_PERMISSIONS[role].includes(permission);

/**
 * What a change of an order's status needs: marking it paid records money, cancelling it while
 * money taken for it is still held refunds that money, every other step is shipping work.
 */
export const statusChangeNeeds = (to: string, refundablePaise: number): StaffPermission =>
  to === 'paid' ? 'recordPayments' : to === 'cancelled' && refundablePaise > 0 ? 'cancelWithRefund' : 'ship';

/** The refusal a service answers when an allowed route meets an action its role lacks. */
export const refusalFor = (permission: StaffPermission): string =>
  `Your staff role does not allow this: ${STAFF_PERMISSION_LABELS[permission].toLowerCase()}.`;

/** Any member of the staff (the dashboard, the first page; products, which quotes pick from). */
const ANY_STAFF = 'anyStaff';
type RouteNeed = readonly StaffPermission[] | typeof ANY_STAFF;

/**
 * 'METHOD /api/admin/path' as Fastify names the route -> the permissions of which one lets a
 * member in (the service then checks the exact action where one route does several). HEAD follows
 * GET. The outbox and messages are settings: they hold invitation links and sign-in codes.
 */
export const ADMIN_ROUTE_PERMISSIONS: Readonly<Record<string, RouteNeed>> = {
  'GET /api/admin/dashboard': ANY_STAFF,

  'GET /api/admin/orders': ['viewOrders'],
  'GET /api/admin/orders/:id': ['viewOrders'],
  // Decision 0084: the pools and their shares (names only, as any order's customer).
  'GET /api/admin/group-gifts': ['viewOrders'],
  // Marking paid needs recordPayments, cancelling a paid order cancelWithRefund, the rest ship.
  'POST /api/admin/orders/:id/status': ['ship', 'recordPayments', 'cancelWithRefund'],
  'PUT /api/admin/orders/:id/address': ['ship'],
  // Decision 0078: removing a line refunds its part, as a cancellation does.
  'DELETE /api/admin/orders/:id/items/:lineId': ['cancelWithRefund'],
  'POST /api/admin/cod-remittances': ['recordPayments'],
  'GET /api/admin/cod-cash': ['viewRevenue'],
  'GET /api/admin/orders/:id/invoice.pdf': ['print'],
  'GET /api/admin/orders/:id/credit-notes': ['viewOrders'],
  'POST /api/admin/orders/:id/shipment': ['ship'],
  'GET /api/admin/orders/:id/shipment': ['viewOrders'],
  'DELETE /api/admin/orders/:id/shipment': ['ship'],
  'GET /api/admin/orders/:id/shipment/label': ['print'],
  // Decision 0065: a new attempt or a return to the store is the courier's NDR action, no money.
  'POST /api/admin/orders/:id/shipment/failed-delivery': ['ship'],
  // Decision 0064: checking a returned parcel in is the desk's; its refund is a refund.
  'GET /api/admin/orders/:id/returned-parcel': ['viewOrders'],
  'POST /api/admin/orders/:id/returned-parcel/check-in': ['markReceived'],
  'POST /api/admin/orders/:id/returned-parcel/refund': ['refund'],
  'GET /api/admin/refunds-owed': ['refund'],
  'POST /api/admin/orders/bulk/status': ['ship'],
  'GET /api/admin/orders/:id/packing-slip.pdf': ['print'],
  // The dispatch desk's jobs (decision 0077) are shipping work; their PDFs are printing.
  'POST /api/admin/dispatch-jobs': ['ship'],
  'GET /api/admin/dispatch-jobs': ['ship'],
  'GET /api/admin/dispatch-jobs/:id': ['ship'],
  'POST /api/admin/dispatch-jobs/:id/resume': ['ship'],
  'GET /api/admin/dispatch-jobs/:id/file': ['print'],
  'GET /api/admin/dispatch-jobs/:id/manifest.pdf': ['print'],
  'GET /api/admin/customers': ['viewOrders'],
  'GET /api/admin/customers/export.csv': ['exportCustomers'],
  'GET /api/admin/customers/:id': ['viewOrders'],
  // Decision 0081: a corporate buyer sends more gift links a day, the owner's Settings' limit.
  'PUT /api/admin/customers/:id/corporate': ['settings'],
  'GET /api/admin/credit-notes/:id/pdf': ['print'],
  'GET /api/admin/returns': ['viewOrders'],
  // Approving a return refunds it; marking it received makes a refund that waited (decision 0066).
  'POST /api/admin/returns/:id/approve': ['refund'],
  'POST /api/admin/returns/:id/refund-paid': ['refund'],
  'POST /api/admin/returns/:id/received': ['refund'],
  'POST /api/admin/returns/:id/reject': ['serveCustomers'],
  'POST /api/admin/quotes/preview': ['serveCustomers'],
  'POST /api/admin/quotes': ['serveCustomers'],
  'GET /api/admin/bulk-enquiries': ['serveCustomers'],
  'PATCH /api/admin/bulk-enquiries/:id': ['serveCustomers'],
  'GET /api/admin/complaints': ['serveCustomers'],
  'POST /api/admin/complaints/:id/acknowledge': ['serveCustomers'],
  'POST /api/admin/complaints/:id/resolve': ['serveCustomers'],

  // Read by everyone on the staff: a quote (the orders role) picks its products from here.
  'GET /api/admin/products': ANY_STAFF,
  'GET /api/admin/products/:id': ANY_STAFF,
  // A new product, its changes and a CSV all may carry a price, MRP or quantity tiers.
  'POST /api/admin/products': ['changePrices'],
  'PATCH /api/admin/products/:id': ['changePrices'],
  'POST /api/admin/products/:id/image': ['editCatalogue'],
  'POST /api/admin/product-images': ['editCatalogue'],
  'GET /api/admin/products/export.csv': ['editCatalogue'],
  'POST /api/admin/products/import': ['changePrices'],
  'POST /api/admin/products/import/preview': ['editCatalogue'],
  'POST /api/admin/products/photos-zip/preview': ['editCatalogue'],
  'POST /api/admin/products/photos-zip': ['editCatalogue'],
  'GET /api/admin/categories': ['editCatalogue'],
  'GET /api/admin/gst-rates-to-confirm': ['editCatalogue'],
  'POST /api/admin/categories': ['editCatalogue'],
  'PATCH /api/admin/categories/:id': ['editCatalogue'],
  'GET /api/admin/collections': ['editCatalogue'],
  'POST /api/admin/collections': ['editCatalogue'],
  'DELETE /api/admin/collections/:id': ['editCatalogue'],
  'PATCH /api/admin/collections/:id': ['editCatalogue'],
  'GET /api/admin/reviews': ['editCatalogue'],
  'PATCH /api/admin/reviews/:id': ['editCatalogue'],

  // Reports are revenue: the sales register (for the owner's CA) and the sales, refunds and COD.
  'GET /api/admin/reports/sales-register.csv': ['viewRevenue'],
  'GET /api/admin/reports/:report': ['viewRevenue'],
  'GET /api/admin/reports/:report/csv': ['viewRevenue'],
  'GET /api/admin/coupons': ['coupons'],
  'POST /api/admin/coupons': ['coupons'],
  'PATCH /api/admin/coupons/:id': ['coupons'],
  'PUT /api/admin/coupons/:id': ['coupons'],
  'POST /api/admin/coupons/:id/retire': ['coupons'],
  'GET /api/admin/outbox': ['settings'],
  'GET /api/admin/jobs': ['settings'],
  'GET /api/admin/messages': ['settings'],
  'GET /api/admin/notifications': ['settings'],
  'GET /api/admin/settings': ['settings'],
  'PUT /api/admin/settings': ['settings'],
  // Decision 0073: the timed delivery slots and their fees are settings, like the midnight fee.
  'GET /api/admin/delivery-slots': ['settings'],
  'POST /api/admin/delivery-slots': ['settings'],
  'PUT /api/admin/delivery-slots/:id': ['settings'],
  'DELETE /api/admin/delivery-slots/:id': ['settings'],
  'GET /api/admin/staff': ['staff'],
  'POST /api/admin/staff/invites': ['staff'],
  'DELETE /api/admin/staff/invites/:id': ['staff'],
  'PATCH /api/admin/staff/:id': ['staff'],
};

const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

export const isListedAdminRoute = (method: string, url: string): boolean =>
  routeKey(method, url) in ADMIN_ROUTE_PERMISSIONS;

/** Whether a staff role may use a route; a route nobody listed is the owner's alone. */
export function canUseRoute(role: StaffRole | null | undefined, method: string, url: string): boolean {
  if (role === null || role === undefined) return false;
  const need = ADMIN_ROUTE_PERMISSIONS[routeKey(method, url)];
  if (need === undefined) return role === 'owner';
  return need === ANY_STAFF || need.some((permission) => may(role, permission));
}
