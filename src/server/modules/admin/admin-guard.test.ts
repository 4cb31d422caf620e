import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../testing/admin-fixtures';
import { setUpTestStore } from '../../testing/test-store';

const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' } });

const adminRoutes = () =>
  registeredRoutes(store.app)
    .filter((route) => route.url.startsWith('/api/admin') && route.method !== 'HEAD')
    .map((route) => ({ ...route, url: route.url.replace(/:id\b/g, '1') }));

describe('the /api/admin guard', () => {
  it('finds the back office routes in the route table', () => {
    const urls = adminRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/admin/orders',
        'POST /api/admin/orders/1/status',
        'PATCH /api/admin/products/1',
        'POST /api/admin/products/1/image',
        'GET /api/admin/dashboard',
      ]),
    );
  });

  it('answers 401 without a token on every admin route', async () => {
    for (const route of adminRoutes()) {
      const response = await store.app.inject({ method: route.method as 'GET', url: route.url, payload: {} });
      expect({ route, status: response.statusCode }).toEqual({ route, status: 401 });
    }
  });

  it('answers 403 to a customer on every admin route', async () => {
    const customer = await store.newCustomer();
    for (const route of adminRoutes()) {
      const response = await store.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: customer.headers,
        payload: {},
      });
      expect({ route, status: response.statusCode }).toEqual({ route, status: 403 });
    }
  });

  it('lets an admin made by admin:create in', async () => {
    const admin = await store.newAdmin();
    const response = await store.app.inject({ url: '/api/admin/dashboard', headers: admin.headers });
    expect(response.statusCode).toBe(200);
  });
});
