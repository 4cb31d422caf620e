import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_ROLES, rolesForRoute, STAFF_ROLES } from '../../../shared/staff-roles';
import { registeredRoutes } from '../../testing/admin-fixtures';
import { setUpTestStore } from '../../testing/test-store';

const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' } });

const adminRoutes = () =>
  registeredRoutes(store.app).filter(
    (route) => route.url.startsWith('/api/admin') && route.method !== 'HEAD',
  );

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

  // Issue 26: a new admin route must say who may use it (src/shared/staff-roles.ts); until it does,
  // only owners can, and this test names it.
  it('has a staff role for every admin route, and none for a route that is gone', () => {
    const registered = adminRoutes().map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((key) => !(key in ADMIN_ROUTE_ROLES))).toEqual([]);
    expect(Object.keys(ADMIN_ROUTE_ROLES).filter((key) => !registered.includes(key))).toEqual([]);
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

  it('lets each staff role in on exactly the routes its role map gives it', async () => {
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
        const allowed = rolesForRoute(route.method, route.url).includes(role);
        expected.push(`${role} ${route.method} ${route.url}: ${allowed ? 'in' : 'refused'}`);
        const status = response.statusCode;
        const outcome = [401, 403].includes(status) ? 'refused' : status >= 500 ? `failed ${status}` : 'in';
        outcomes.push(`${role} ${route.method} ${route.url}: ${outcome}`);
      }
    }
    expect(outcomes).toEqual(expected);
    // The sweep covered each role both ways: owners everywhere, the others somewhere and not elsewhere.
    expect(expected.filter((line) => line.startsWith('owner') && line.endsWith('refused'))).toEqual([]);
    for (const role of ['orders', 'catalogue']) {
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
