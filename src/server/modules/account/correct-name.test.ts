import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { setUpTestStore } from '../../testing/test-store';

const store = setUpTestStore();

const correct = (headers: Record<string, string>, payload: Record<string, string>) =>
  store.app.inject({ method: 'PUT', url: '/api/account/name', headers, payload });

describe('PUT /api/account/name', () => {
  it('corrects the name of the signed-in account only', async () => {
    const shopper = await store.newCustomer({ fullName: 'Meera Iyr' });
    const other = await store.newCustomer({ fullName: 'Ravi Kumar' });
    const response = await correct(shopper.headers, { fullName: '  Meera Iyer ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ fullName: 'Meera Iyer', email: shopper.user.email });
    const me = await store.app.inject({ url: '/api/auth/me', headers: shopper.headers });
    expect(me.json().user.fullName).toBe('Meera Iyer');
    const [untouched] = await store.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(untouched?.fullName).toBe('Ravi Kumar');
  });

  it('refuses a blank name with a message and changes nothing', async () => {
    const shopper = await store.newCustomer({ fullName: 'Asha Rao' });
    const response = await correct(shopper.headers, { fullName: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Full name is required');
    const [row] = await store.database.db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(row?.fullName).toBe('Asha Rao');
  });

  it('refuses an eleventh change in the hour', async () => {
    const shopper = await store.newCustomer();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await correct(shopper.headers, { fullName: `Name ${attempt}` })).statusCode).toBe(200);
    }
    expect((await correct(shopper.headers, { fullName: 'One more' })).statusCode).toBe(429);
  });
});
