import { describe, expect, it } from 'vitest';
import type { AddressRecord } from '../../../shared/api/addresses';
import { seedPincodes } from '../../testing/order-fixtures';
import { setUpTestStore } from '../../testing/test-store';
import { MAX_ADDRESSES_PER_USER } from './address-service';

// 560001 is in the pincode directory; 999999 is not (decision 0068: an address must be deliverable).
const store = setUpTestStore({ seed: seedPincodes });

type Headers = { authorization: string };

const home = {
  fullName: 'Priya Sharma',
  addressLine1: '12, MG Road',
  addressLine2: 'Near Trinity Metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  phone: '98765 43210',
};

const create = (headers: Headers, payload: Record<string, unknown> = home) =>
  store.app.inject({ method: 'POST', url: '/api/addresses', headers, payload });
const createOk = async (headers: Headers, payload: Record<string, unknown> = home) => {
  const response = await create(headers, payload);
  expect(response.statusCode).toBe(201);
  return response.json<{ data: AddressRecord }>().data;
};
const list = async (headers: Headers) =>
  (await store.app.inject({ url: '/api/addresses', headers })).json<{ data: AddressRecord[] }>().data;
const defaults = (addresses: AddressRecord[]) =>
  addresses.filter((address) => address.is_default).map((a) => a.id);

describe('POST /api/addresses', () => {
  it('saves the sent shape and reads it back in SPEC 3 snake_case, the first address as default', async () => {
    const { headers } = await store.newCustomer();
    const response = await create(headers);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.any(Number),
      full_name: 'Priya Sharma',
      address_line_1: '12, MG Road',
      address_line_2: 'Near Trinity Metro',
      city: 'Bengaluru',
      state: 'Karnataka',
      postal_code: '560001',
      country: 'India',
      phone: '9876543210',
      is_default: true,
      address_type: 'home',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it.each(['+91 98765 43210', '098765-43210', '91 98765 43210'])(
    'stores a phone typed as %j as 9876543210',
    async (phone) => {
      const { headers } = await store.newCustomer();
      expect((await createOk(headers, { ...home, phone })).phone).toBe('9876543210');
      expect((await list(headers)).map((address) => address.phone)).toEqual(['9876543210']);
    },
  );

  it('keeps the first default when a later address does not ask to be default', async () => {
    const { headers } = await store.newCustomer();
    const first = await createOk(headers);
    const second = await createOk(headers, {
      ...home,
      city: 'Mysuru',
      addressType: 'work',
      country: 'India',
    });
    expect(second.is_default).toBe(false);
    expect(second.address_type).toBe('work');
    expect(defaults(await list(headers))).toEqual([first.id]);
  });

  it('moves the default to a new address sent with isDefault', async () => {
    const { headers } = await store.newCustomer();
    await createOk(headers);
    const second = await createOk(headers, { ...home, isDefault: true });
    expect(second.is_default).toBe(true);
    expect(defaults(await list(headers))).toEqual([second.id]);
  });

  it.each([
    { path: 'fullName', change: { fullName: '   ' }, message: 'Full name is required' },
    { path: 'addressLine1', change: { addressLine1: undefined }, message: 'Address is required' },
    { path: 'city', change: { city: '' }, message: 'City is required' },
    { path: 'postalCode', change: { postalCode: '' }, message: 'Postal code is required' },
    { path: 'phone', change: { phone: ' ' }, message: 'Phone number is required' },
    { path: 'postalCode', change: { postalCode: '56001' }, message: 'Postal code must be 6 digits' },
    { path: 'postalCode', change: { postalCode: '56000A' }, message: 'Postal code must be 6 digits' },
    { path: 'phone', change: { phone: '98765-4321' }, message: 'Phone number must be 10 digits' },
  ])('refuses a bad $path with the SPEC 5 message "$message"', async ({ path, change, message }) => {
    const { headers } = await store.newCustomer();
    const response = await create(headers, { ...home, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, errors: [{ path, message }] });
    expect(await list(headers)).toEqual([]);
  });

  // Decision 0068: refused where it is typed, in the words the product page says for 999999.
  it('refuses a pincode the store cannot deliver to, 999999, and saves nothing', async () => {
    const { headers } = await store.newCustomer();
    const check = await store.app.inject({ url: '/api/pincodes/check/999999' });
    expect(check.json()).toMatchObject({ serviceable: false, message: 'Invalid pincode' });
    const response = await create(headers, { ...home, postalCode: '999999' });
    expect(response.statusCode).toBe(400);
    const message = 'Not deliverable to 999999. Invalid pincode';
    expect(response.json()).toMatchObject({ message, errors: [{ path: 'postalCode', message }] });
    expect(await list(headers)).toEqual([]);
  });

  it(`refuses more than ${MAX_ADDRESSES_PER_USER} addresses with a readable 409`, async () => {
    const { headers } = await store.newCustomer();
    for (let index = 0; index < MAX_ADDRESSES_PER_USER; index += 1) await createOk(headers);
    const response = await create(headers);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^You can save up to 20 addresses/);
  });
});

describe('reading addresses', () => {
  it('lists the default first, and answers the default and one address by id', async () => {
    const { headers } = await store.newCustomer();
    const first = await createOk(headers);
    const second = await createOk(headers, { ...home, city: 'Chennai' });
    await store.app.inject({ method: 'PUT', url: `/api/addresses/${second.id}/default`, headers });

    expect((await list(headers)).map((address) => address.id)).toEqual([second.id, first.id]);
    const byDefault = await store.app.inject({ url: '/api/addresses/default', headers });
    expect(byDefault.json().data).toMatchObject({ id: second.id, city: 'Chennai', is_default: true });
    const byId = await store.app.inject({ url: `/api/addresses/${first.id}`, headers });
    expect(byId.json().data).toMatchObject({ id: first.id, is_default: false });
    expect(byId.headers['cache-control']).toBe('no-store');
  });

  it('answers data: null for the default of a user with no address', async () => {
    const { headers } = await store.newCustomer();
    const response = await store.app.inject({ url: '/api/addresses/default', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
  });

  it('answers the old local format of SPEC 3 on /addresses/legacy/format', async () => {
    const { headers } = await store.newCustomer();
    const saved = await createOk(headers);
    const response = await store.app.inject({ url: '/api/addresses/legacy/format', headers });
    expect(response.json()).toEqual({
      data: [
        {
          id: saved.id,
          fullName: 'Priya Sharma',
          address: '12, MG Road, Near Trinity Metro',
          city: 'Bengaluru',
          postalCode: '560001',
          phone: '9876543210',
          isDefault: true,
        },
      ],
    });
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const { headers } = await store.newCustomer();
    expect((await store.app.inject({ url: '/api/addresses/999999', headers })).statusCode).toBe(404);
    const notANumber = await store.app.inject({ url: '/api/addresses/abc', headers });
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().message).toBe('Address id must be a number');
    expect((await store.app.inject({ url: '/api/addresses/99999999999', headers })).statusCode).toBe(400);
  });

  it('needs a signed-in user for every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/addresses'],
      ['GET', '/api/addresses/default'],
      ['GET', '/api/addresses/1'],
      ['GET', '/api/addresses/legacy/format'],
      ['POST', '/api/addresses'],
      ['PUT', '/api/addresses/1'],
      ['PUT', '/api/addresses/1/default'],
      ['DELETE', '/api/addresses/1'],
    ] as const) {
      const response = await store.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: home } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('changing addresses', () => {
  it('replaces the fields on PUT and keeps the default', async () => {
    const { headers } = await store.newCustomer();
    const saved = await createOk(headers);
    const response = await store.app.inject({
      method: 'PUT',
      url: `/api/addresses/${saved.id}`,
      headers,
      payload: { ...home, fullName: 'Priya S.', addressLine2: '', phone: '(98450) 12-345' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: saved.id,
      full_name: 'Priya S.',
      address_line_2: '',
      phone: '9845012345',
      is_default: true,
    });
  });

  // Decision 0068: an address changed to a pincode the store cannot deliver to is refused too.
  it.each([
    { postalCode: '1234567', message: 'Postal code must be 6 digits' },
    { postalCode: '999999', message: 'Not deliverable to 999999. Invalid pincode' },
  ])(
    'refuses a PUT to $postalCode with "$message" and keeps the address as it was',
    async ({ postalCode, message }) => {
      const { headers } = await store.newCustomer();
      const saved = await createOk(headers);
      const response = await store.app.inject({
        method: 'PUT',
        url: `/api/addresses/${saved.id}`,
        headers,
        payload: { ...home, postalCode },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect((await list(headers)).map((address) => address.postal_code)).toEqual(['560001']);
    },
  );

  it('makes an address the default with PUT /:id/default, unsetting the old one', async () => {
    const { headers } = await store.newCustomer();
    const first = await createOk(headers);
    const second = await createOk(headers);
    const response = await store.app.inject({
      method: 'PUT',
      url: `/api/addresses/${second.id}/default`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: second.id, is_default: true });
    expect(defaults(await list(headers))).toEqual([second.id]);
    expect(
      (await store.app.inject({ url: `/api/addresses/${first.id}`, headers })).json().data.is_default,
    ).toBe(false);
  });

  it('keeps exactly one default when many set-default calls race', async () => {
    const { headers } = await store.newCustomer();
    const saved = [];
    for (let index = 0; index < 5; index += 1)
      saved.push(await createOk(headers, { ...home, city: `City ${index}` }));
    const responses = await Promise.all(
      [...saved, ...saved].map((address) =>
        store.app.inject({ method: 'PUT', url: `/api/addresses/${address.id}/default`, headers }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(defaults(await list(headers))).toHaveLength(1);
  });

  it('keeps exactly one default when addresses are created concurrently', async () => {
    const { headers } = await store.newCustomer();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => create(headers, { ...home, isDefault: true })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
    expect(defaults(await list(headers))).toHaveLength(1);
  });

  it('deletes an address and promotes another when the default goes', async () => {
    const { headers } = await store.newCustomer();
    const first = await createOk(headers);
    const second = await createOk(headers);
    const third = await createOk(headers);

    const removeOther = await store.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${second.id}`,
      headers,
    });
    expect(removeOther.json()).toEqual({ success: true });
    expect(defaults(await list(headers))).toEqual([first.id]);

    await store.app.inject({ method: 'DELETE', url: `/api/addresses/${first.id}`, headers });
    expect(await list(headers)).toEqual([expect.objectContaining({ id: third.id, is_default: true })]);

    await store.app.inject({ method: 'DELETE', url: `/api/addresses/${third.id}`, headers });
    expect(await list(headers)).toEqual([]);
    const again = await store.app.inject({ method: 'DELETE', url: `/api/addresses/${third.id}`, headers });
    expect(again.statusCode).toBe(404);
  });
});

describe('another account', () => {
  it('can never read, change, make default or delete someone else’s address', async () => {
    const owner = await store.newCustomer();
    const intruder = await store.newCustomer();
    const saved = await createOk(owner.headers);
    const headers = intruder.headers;

    const attempts = [
      await store.app.inject({ url: `/api/addresses/${saved.id}`, headers }),
      await store.app.inject({ method: 'PUT', url: `/api/addresses/${saved.id}`, headers, payload: home }),
      await store.app.inject({ method: 'PUT', url: `/api/addresses/${saved.id}/default`, headers }),
      await store.app.inject({ method: 'DELETE', url: `/api/addresses/${saved.id}`, headers }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Address not found');
      expect(response.body).not.toContain('Priya');
    }
    expect(await list(headers)).toEqual([]);
    expect((await store.app.inject({ url: '/api/addresses/default', headers })).json()).toEqual({
      data: null,
    });
    expect((await store.app.inject({ url: '/api/addresses/legacy/format', headers })).json()).toEqual({
      data: [],
    });
    // The owner's address is as it was.
    expect(await list(owner.headers)).toEqual([saved]);
  });
});
