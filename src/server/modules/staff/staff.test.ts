import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffList } from '../../../shared/api/staff';
import { mailOutbox, staffInvites, users } from '../../db/schema';
import { lastSandboxCode } from '../../testing/test-accounts';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { INVITE_DAYS, STAFF_MESSAGES } from './staff-service';

// Owners invite staff by e-mail with a role, change or revoke it; the last owner stays.
const clock = createTestClock('2026-11-20T05:30:00Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false', PUBLIC_URL: 'https://shop.example.in' },
});

let owner: { headers: Record<string, string>; user: { id: number; email: string } };
beforeAll(async () => {
  owner = await store.newAdmin();
});

const invite = (email: string, staffRole: string, headers = owner.headers) =>
  store.app.inject({
    method: 'POST',
    url: '/api/admin/staff/invites',
    headers,
    payload: { email, staffRole },
  });

/** The token of the link in the newest invitation mail to this address. */
async function invitationToken(email: string): Promise<string> {
  const [mail] = await store.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  expect(mail?.kind).toBe('staff-invite');
  const link = /https:\/\/shop\.example\.in\/staff-invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  expect(mail?.html).toContain(`href="${link?.[0]}"`);
  return link![1]!;
}

const accept = (token: string, password = 'diwali-stock-2026') =>
  store.app.inject({
    method: 'POST',
    url: `/api/staff-invites/${token}/accept`,
    payload: { fullName: 'Ravi Kumar', password },
  });

const login = (email: string, password: string) =>
  store.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const staffList = async () =>
  (await store.app.inject({ url: '/api/admin/staff', headers: owner.headers })).json<StaffList>();

const changeRole = (id: number, staffRole: string, headers = owner.headers) =>
  store.app.inject({ method: 'PATCH', url: `/api/admin/staff/${id}`, headers, payload: { staffRole } });

describe('staff invitations', () => {
  it('invite by e-mail with a role; the link sets a password once and signs in with that role', async () => {
    const sent = await invite('Ravi@Example.in', 'orders');
    expect(sent.statusCode).toBe(201);
    const token = await invitationToken('ravi@example.in');
    // The link the mail carries, with a message to share it on WhatsApp.
    expect(sent.json().link).toMatch(new RegExp(`/staff-invite/${token}$`));
    expect(sent.json().shareText).toMatch(
      new RegExp(
        `^Utsav Gifts invites you to its back office \\(Orders\\)\\. Open this link by .+ to set your password and join: http\\S+/staff-invite/${token}$`,
      ),
    );
    const offered = await store.app.inject({ url: `/api/staff-invites/${token}` });
    expect(offered.json()).toEqual({
      email: 'ravi@example.in',
      staffRole: 'orders',
      storeName: 'Utsav Gifts',
      existingAccount: false,
    });
    expect((await staffList()).invites).toEqual([
      expect.objectContaining({ email: 'ravi@example.in', staffRole: 'orders' }),
    ]);

    const short = await accept(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const joined = await accept(token);
    expect(joined.json()).toMatchObject({
      email: 'ravi@example.in',
      staffRole: 'orders',
      user: { email: 'ravi@example.in', role: 'admin', staffRole: 'orders' },
    });
    // Joining signs the member in: the answer's session opens the back office.
    const joinedHeaders = { authorization: `Bearer ${joined.json().token}` };
    expect((await store.app.inject({ url: '/api/admin/orders', headers: joinedHeaders })).statusCode).toBe(
      200,
    );
    // Single use.
    const again = await accept(token, 'another-password');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(STAFF_MESSAGES.inviteGone);
    expect((await store.app.inject({ url: `/api/staff-invites/${token}` })).statusCode).toBe(404);

    const signedIn = await login('ravi@example.in', 'diwali-stock-2026');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: 'admin', staffRole: 'orders' });
    const headers = { authorization: `Bearer ${signedIn.json().token}` };
    expect((await store.app.inject({ url: '/api/admin/orders', headers })).statusCode).toBe(200);
    expect((await store.app.inject({ url: '/api/admin/categories', headers })).statusCode).toBe(403);
    // Only an owner invites.
    expect((await invite('someone@example.in', 'owner', headers)).statusCode).toBe(403);

    const { staff, invites, history } = await staffList();
    expect(staff).toContainEqual(expect.objectContaining({ email: 'ravi@example.in', staffRole: 'orders' }));
    expect(invites).toEqual([]);
    expect(history[0]).toMatchObject({
      by: owner.user.email,
      changes: [{ key: 'invite', from: null, to: 'ravi@example.in as orders' }],
    });
  });

  it('expire after a week, and a revoked or replaced link no longer works', async () => {
    await invite('late@example.in', 'catalogue');
    const expired = await invitationToken('late@example.in');
    clock.set(new Date(clock.now().getTime() + INVITE_DAYS * 24 * 60 * 60 * 1000 + 1000));
    expect((await accept(expired)).statusCode).toBe(404);

    await invite('late@example.in', 'catalogue');
    const replaced = await invitationToken('late@example.in');
    await invite('late@example.in', 'orders');
    const current = await invitationToken('late@example.in');
    expect((await accept(replaced)).statusCode).toBe(404);

    const [open] = (await staffList()).invites.filter((row) => row.email === 'late@example.in');
    expect(open).toMatchObject({ staffRole: 'orders' });
    const revoke = await store.app.inject({
      method: 'DELETE',
      url: `/api/admin/staff/invites/${open!.id}`,
      headers: owner.headers,
    });
    expect(revoke.statusCode).toBe(204);
    expect((await accept(current)).statusCode).toBe(404);
    const rows = await store.database.db.select().from(users).where(eq(users.email, 'late@example.in'));
    expect(rows).toEqual([]);
  });

  it('refuse a bad address or role, and someone already on the staff', async () => {
    const before = (await store.database.db.select().from(staffInvites)).length;
    const bad = await invite('not-an-address', 'manager');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['email', 'staffRole']);
    const taken = await invite(owner.user.email, 'orders');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(STAFF_MESSAGES.alreadyStaff);
    expect((await store.database.db.select().from(staffInvites)).length).toBe(before);
  });

  it('make an existing customer staff, with the password set through the link', async () => {
    const customer = await store.newCustomer();
    await invite(customer.user.email, 'catalogue');
    const token = await invitationToken(customer.user.email);
    expect((await store.app.inject({ url: `/api/staff-invites/${token}` })).json().existingAccount).toBe(
      true,
    );
    expect((await accept(token, 'catalogue-keeper')).statusCode).toBe(200);
    const signedIn = await login(customer.user.email, 'catalogue-keeper');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: 'admin', staffRole: 'catalogue' });
  });

  it('end what an earlier holder of the invited address could sign in with: their session, password and mobile number', async () => {
    // Nobody verifies the address an account registers: here someone who does not own it did,
    // signed in and added a mobile number of their own, before the owner invited that address.
    const earlier = await store.newCustomer();
    const phone = '9812300456';
    const remoteAddress = '203.0.113.77';
    await store.app.inject({
      method: 'POST',
      url: '/api/auth/phone/request',
      headers: earlier.headers,
      payload: { phone },
      remoteAddress,
    });
    const added = await store.app.inject({
      method: 'POST',
      url: '/api/account/phone',
      headers: earlier.headers,
      payload: { phone, code: await lastSandboxCode(store.database, phone) },
      remoteAddress,
    });
    expect(added.json().user.phone).toBe(phone);

    await invite(earlier.user.email, 'orders');
    expect((await accept(await invitationToken(earlier.user.email), 'orders-desk-2026')).statusCode).toBe(
      200,
    );

    const orders = await store.app.inject({ url: '/api/admin/orders', headers: earlier.headers });
    expect(orders.statusCode).toBe(401);
    expect((await login(earlier.user.email, earlier.password)).statusCode).toBe(401);
    // The number signs in to an account of its own now, a customer's, not to the staff account.
    clock.set(new Date(clock.now().getTime() + 60_000));
    await store.app.inject({
      method: 'POST',
      url: '/api/auth/otp/request',
      payload: { phone },
      remoteAddress,
    });
    const byPhone = await store.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: {
        phone,
        code: await lastSandboxCode(store.database, phone),
        fullName: 'Someone Else',
        adult: true,
      },
      remoteAddress,
    });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json().user).toMatchObject({ role: 'customer', staffRole: null, phone });
    expect(byPhone.json().user.id).not.toBe(earlier.user.id);

    const staff = await login(earlier.user.email, 'orders-desk-2026');
    expect(staff.json().user).toMatchObject({ id: earlier.user.id, role: 'admin', staffRole: 'orders' });
    expect(staff.json().user.phone ?? null).toBeNull();
  });
});

describe('staff roles', () => {
  it('change and revoke at once; the last owner cannot be removed', async () => {
    const member = await store.newStaff('orders');
    const headers = member.headers;
    expect((await changeRole(member.user.id, 'catalogue')).statusCode).toBe(204);
    expect((await store.app.inject({ url: '/api/admin/orders', headers })).statusCode).toBe(403);
    expect((await store.app.inject({ url: '/api/admin/categories', headers })).statusCode).toBe(200);

    expect((await changeRole(member.user.id, 'none')).statusCode).toBe(204);
    expect((await store.app.inject({ url: '/api/admin/categories', headers })).statusCode).toBe(403);
    const me = await store.app.inject({ url: '/api/auth/me', headers });
    expect(me.json().user).toMatchObject({ role: 'customer', staffRole: null });
    expect((await staffList()).staff.map((row) => row.id)).not.toContain(member.user.id);

    // The store's only owner: neither demoted nor removed, not even by themself.
    const owners = (await staffList()).staff.filter((row) => row.staffRole === 'owner');
    expect(owners.map((row) => row.id)).toEqual([owner.user.id]);
    for (const role of ['orders', 'none']) {
      const refused = await changeRole(owner.user.id, role);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(STAFF_MESSAGES.lastOwner);
    }
    // With a second owner, the first may step down.
    const partner = await store.newStaff('catalogue');
    expect((await changeRole(partner.user.id, 'owner')).statusCode).toBe(204);
    expect((await changeRole(owner.user.id, 'orders')).statusCode).toBe(204);
    expect((await changeRole(partner.user.id, 'none', partner.headers)).statusCode).toBe(409);
    expect((await changeRole(owner.user.id, 'owner', partner.headers)).statusCode).toBe(204);

    const { history } = await staffList();
    expect(history[0]).toMatchObject({
      by: partner.user.email,
      changes: [{ key: owner.user.email, from: 'orders', to: 'owner' }],
    });
    expect((await changeRole(999_999, 'orders')).statusCode).toBe(404);
    expect((await changeRole(member.user.id, 'manager')).statusCode).toBe(400);
  });
});
