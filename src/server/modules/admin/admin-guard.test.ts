import { describe, expect, it } from 'vitest';
import { isListedAdminRoute, STAFF_ROLES } from '../../../shared/staff-roles';
import { registeredRoutes } from '../../testing/admin-fixtures';
import { setUpTestStore } from '../../testing/test-store';

const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' } });

const adminRoutes = () =>
  registeredRoutes(store.app).filter(
    (route) => route.url.startsWith('/api/admin') && route.method !== 'HEAD',
  );

/**
 * Decision 0076: who may use each admin route, written out by hand (not read from
 * src/shared/staff-roles.ts), so a change to the permission table that lets a role in, or shuts
 * one out, fails here until this table says it too.
 */
const WHO_MAY: readonly (readonly [route: string, roles: string])[] = [
  ['GET /api/admin/dashboard', 'owner orders catalogue accounts'],
  ['GET /api/admin/orders', 'owner orders accounts'],
  ['GET /api/admin/orders/:id', 'owner orders accounts'],
  ['GET /api/admin/group-gifts', 'owner orders accounts'],
  ['POST /api/admin/orders/:id/status', 'owner orders accounts'],
  ['PUT /api/admin/orders/:id/address', 'owner orders'],
  ['DELETE /api/admin/orders/:id/items/:lineId', 'owner accounts'],
  ['POST /api/admin/cod-remittances', 'owner accounts'],
  ['GET /api/admin/cod-cash', 'owner accounts'],
  ['GET /api/admin/orders/:id/invoice.pdf', 'owner orders accounts'],
  ['GET /api/admin/orders/:id/credit-notes', 'owner orders accounts'],
  ['POST /api/admin/orders/:id/shipment', 'owner orders'],
  ['GET /api/admin/orders/:id/shipment', 'owner orders accounts'],
  ['DELETE /api/admin/orders/:id/shipment', 'owner orders'],
  ['GET /api/admin/orders/:id/shipment/label', 'owner orders accounts'],
  ['POST /api/admin/orders/:id/shipment/failed-delivery', 'owner orders'],
  ['GET /api/admin/orders/:id/returned-parcel', 'owner orders accounts'],
  ['POST /api/admin/orders/:id/returned-parcel/check-in', 'owner orders'],
  ['POST /api/admin/orders/:id/returned-parcel/refund', 'owner accounts'],
  ['GET /api/admin/refunds-owed', 'owner accounts'],
  ['POST /api/admin/orders/bulk/status', 'owner orders'],
  ['GET /api/admin/orders/:id/packing-slip.pdf', 'owner orders accounts'],
  ['POST /api/admin/dispatch-jobs', 'owner orders'],
  ['GET /api/admin/dispatch-jobs', 'owner orders'],
  ['GET /api/admin/dispatch-jobs/:id', 'owner orders'],
  ['POST /api/admin/dispatch-jobs/:id/resume', 'owner orders'],
  ['GET /api/admin/dispatch-jobs/:id/file', 'owner orders accounts'],
  ['GET /api/admin/dispatch-jobs/:id/manifest.pdf', 'owner orders accounts'],
  ['GET /api/admin/customers', 'owner orders accounts'],
  ['GET /api/admin/customers/export.csv', 'owner accounts'],
  ['GET /api/admin/customers/:id', 'owner orders accounts'],
  ['PUT /api/admin/customers/:id/corporate', 'owner'],
  ['GET /api/admin/credit-notes/:id/pdf', 'owner orders accounts'],
  ['GET /api/admin/returns', 'owner orders accounts'],
  ['POST /api/admin/returns/:id/approve', 'owner accounts'],
  ['POST /api/admin/returns/:id/refund-paid', 'owner accounts'],
  ['POST /api/admin/returns/:id/received', 'owner accounts'],
  ['POST /api/admin/returns/:id/reject', 'owner orders'],
  ['POST /api/admin/quotes/preview', 'owner orders'],
  ['POST /api/admin/quotes', 'owner orders'],
  ['GET /api/admin/bulk-enquiries', 'owner orders'],
  ['PATCH /api/admin/bulk-enquiries/:id', 'owner orders'],
  ['GET /api/admin/complaints', 'owner orders'],
  ['POST /api/admin/complaints/:id/acknowledge', 'owner orders'],
  ['POST /api/admin/complaints/:id/resolve', 'owner orders'],
  ['GET /api/admin/products', 'owner orders catalogue accounts'],
  ['GET /api/admin/products/:id', 'owner orders catalogue accounts'],
  ['POST /api/admin/products', 'owner catalogue'],
  ['PATCH /api/admin/products/:id', 'owner catalogue'],
  ['POST /api/admin/products/:id/image', 'owner catalogue'],
  ['POST /api/admin/product-images', 'owner catalogue'],
  ['GET /api/admin/products/export.csv', 'owner catalogue'],
  ['POST /api/admin/products/import', 'owner catalogue'],
  ['POST /api/admin/products/import/preview', 'owner catalogue'],
  ['POST /api/admin/products/photos-zip/preview', 'owner catalogue'],
  ['POST /api/admin/products/photos-zip', 'owner catalogue'],
  ['GET /api/admin/categories', 'owner catalogue'],
  ['GET /api/admin/gst-rates-to-confirm', 'owner catalogue'],
  ['POST /api/admin/categories', 'owner catalogue'],
  ['PATCH /api/admin/categories/:id', 'owner catalogue'],
  ['GET /api/admin/collections', 'owner catalogue'],
  ['POST /api/admin/collections', 'owner catalogue'],
  ['DELETE /api/admin/collections/:id', 'owner catalogue'],
  ['PATCH /api/admin/collections/:id', 'owner catalogue'],
  ['GET /api/admin/reviews', 'owner catalogue'],
  ['PATCH /api/admin/reviews/:id', 'owner catalogue'],
  ['GET /api/admin/reports/sales-register.csv', 'owner accounts'],
  ['GET /api/admin/reports/:report', 'owner accounts'],
  ['GET /api/admin/reports/:report/csv', 'owner accounts'],
  ['GET /api/admin/coupons', 'owner'],
  ['POST /api/admin/coupons', 'owner'],
  ['PATCH /api/admin/coupons/:id', 'owner'],
  ['PUT /api/admin/coupons/:id', 'owner'],
  ['POST /api/admin/coupons/:id/retire', 'owner'],
  ['GET /api/admin/outbox', 'owner'],
  ['GET /api/admin/jobs', 'owner'],
  ['GET /api/admin/messages', 'owner'],
  ['GET /api/admin/notifications', 'owner'],
  ['GET /api/admin/settings', 'owner'],
  ['PUT /api/admin/settings', 'owner'],
  ['GET /api/admin/delivery-slots', 'owner'],
  ['POST /api/admin/delivery-slots', 'owner'],
  ['PUT /api/admin/delivery-slots/:id', 'owner'],
  ['DELETE /api/admin/delivery-slots/:id', 'owner'],
  ['GET /api/admin/staff', 'owner'],
  ['POST /api/admin/staff/invites', 'owner'],
  ['DELETE /api/admin/staff/invites/:id', 'owner'],
  ['PATCH /api/admin/staff/:id', 'owner'],
];
const whoMay = new Map(WHO_MAY.map(([route, roles]) => [route, roles.split(' ')]));

/** The route with its ids filled in, as a request names it. */
const requestUrl = (url: string) => url.replace(/:id\b/g, '1');

describe('the /api/admin guard', () => {
  it('finds the back office routes in the route table', () => {
    const urls = adminRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/admin/orders',
        'POST /api/admin/orders/:id/status',
        'PATCH /api/admin/products/:id',
        'POST /api/admin/products/:id/image',
        'GET /api/admin/dashboard',
        'PUT /api/admin/settings',
        'PATCH /api/admin/staff/:id',
      ]),
    );
  });

  // A new admin route must say who may use it (src/shared/staff-roles.ts, and the table above);
  // until it does, only owners can, and this test names it.
  it('lists every admin route in the permission table and in this test, and no route that is gone', () => {
    const registered = adminRoutes().map((route) => `${route.method} ${route.url}`);
    const unlisted = registered.filter((key) => {
      const [method = '', url = ''] = key.split(' ');
      return !isListedAdminRoute(method, url);
    });
    expect(unlisted).toEqual([]);
    expect(registered.filter((key) => !whoMay.has(key))).toEqual([]);
    expect([...whoMay.keys()].filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('answers 401 without a token on every admin route', async () => {
    for (const route of adminRoutes()) {
      const response = await store.app.inject({
        method: route.method as 'GET',
        url: requestUrl(route.url),
        payload: {},
      });
      expect({ route, status: response.statusCode }).toEqual({ route, status: 401 });
    }
  });

  it('answers 403 to a customer on every admin route', async () => {
    const customer = await store.newCustomer();
    for (const route of adminRoutes()) {
      const response = await store.app.inject({
        method: route.method as 'GET',
        url: requestUrl(route.url),
        headers: customer.headers,
        payload: {},
      });
      expect({ route, status: response.statusCode }).toEqual({ route, status: 403 });
    }
  });

  it('lets each staff role in on exactly the routes the table above gives it', async () => {
    // One after another: one address's hashes beyond its share of the queue may get 503 (decision 0056).
    const accounts: Record<string, Awaited<ReturnType<typeof store.newStaff>>> = {};
    for (const role of STAFF_ROLES) accounts[role] = await store.newStaff(role);
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const route of adminRoutes()) {
      for (const role of STAFF_ROLES) {
        const response = await store.app.inject({
          method: route.method as 'GET',
          url: requestUrl(route.url),
          headers: accounts[role]!.headers,
          // An empty body: an allowed route refuses it (400) or finds no record 1 (404), and changes nothing.
          payload: {},
        });
        const allowed = whoMay.get(`${route.method} ${route.url}`)?.includes(role) ?? false;
        expected.push(`${role} ${route.method} ${route.url}: ${allowed ? 'in' : 'refused'}`);
        const status = response.statusCode;
        const outcome = [401, 403].includes(status) ? 'refused' : status >= 500 ? `failed ${status}` : 'in';
        outcomes.push(`${role} ${route.method} ${route.url}: ${outcome}`);
      }
    }
    expect(outcomes).toEqual(expected);
    // The sweep covered each role both ways: owners everywhere, the others somewhere and not elsewhere.
    expect(expected.filter((line) => line.startsWith('owner') && line.endsWith('refused'))).toEqual([]);
    for (const role of ['orders', 'catalogue', 'accounts']) {
      expect(expected.some((line) => line.startsWith(`${role} `) && line.endsWith(': in'))).toBe(true);
      expect(expected.some((line) => line.startsWith(`${role} `) && line.endsWith('refused'))).toBe(true);
    }
  });

  it('lets an admin made by admin:create in, as an owner', async () => {
    const admin = await store.newAdmin();
    const me = await store.app.inject({ url: '/api/auth/me', headers: admin.headers });
    expect(me.json().user).toMatchObject({ role: 'admin', staffRole: 'owner' });
    const response = await store.app.inject({ url: '/api/admin/settings', headers: admin.headers });
    expect(response.statusCode).toBe(200);
  });
});
