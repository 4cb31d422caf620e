import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type AdminCustomerDetail, CORPORATE_MESSAGES } from '../../../shared/api/admin-customers';
import type { CreateGiftLinkBatchResponse } from '../../../shared/api/gift-links';
import { tooManyGiftLinksMessage } from '../../../shared/gift-links';
import { adminAuditLog } from '../../db/schema';
import {
  batchBody,
  employeeList,
  linkBody,
  postBatch,
  postLink,
  saveOwnerSettings,
  senderWithPhone,
  verifyBatch,
} from '../../testing/gift-link-fixtures';
import { createTestProduct, seedPincodes } from '../../testing/order-fixtures';
import type { TestAccount } from '../../testing/test-accounts';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0081: the owner's gift links a day, and a higher number for a business account the
// owner approved as a corporate buyer, on its customer page.

const clock = createTestClock('2026-11-23T11:00:00+05:30');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: async (database) => {
    await seedPincodes(database);
  },
});

const ACME = { gstin: '27AAPFU0939F1ZV', legalName: 'Acme Widgets Private Limited' };

/** A sender with a verified mobile and, when given, the GSTIN of their business (My Account's). */
async function businessSender(fullName: string, business: typeof ACME | null) {
  const sender = await senderWithPhone(store, fullName);
  if (business) {
    const saved = await store.app.inject({
      method: 'PUT',
      url: '/api/auth/business',
      headers: sender.headers,
      payload: business,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return sender;
}

const approve = (by: TestAccount, customer: TestAccount, approved = true) =>
  store.app.inject({
    method: 'PUT',
    url: `/api/admin/customers/${customer.user.id}/corporate`,
    headers: by.headers,
    payload: { approved },
  });

describe('gift links a day', () => {
  it('holds an ordinary account, a GSTIN and all, to the ordinary limit, and an approved corporate account to its own', async () => {
    await saveOwnerSettings(store, { giftLinksPerDay: 1, corporateGiftLinksPerDay: 3 });
    const product = await createTestProduct(store.database, { priceRupees: 450 });
    const lines = [{ product, quantity: 1 }];

    const ordinary = await businessSender('Asha Rao', ACME);
    expect((await postLink(store, ordinary.headers, linkBody(lines))).statusCode).toBe(200);
    const refused = await postLink(store, ordinary.headers, linkBody(lines));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You can send 1 gift links a day. Please try again tomorrow, or ask us about corporate gifting.',
    );

    const corporate = await businessSender('Meera Iyer', ACME);
    const owner = await store.newAdmin();
    const approved = await approve(owner, corporate);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<AdminCustomerDetail>()).toMatchObject({
      business: { gstin: ACME.gstin, legalName: ACME.legalName },
      corporateApprovedAt: '2026-11-23T05:30:00.000Z',
    });
    // Three links, its whole day, in one list; paid, so no unpaid order stands in the way.
    const batch = await postBatch(store, corporate, batchBody(product, employeeList(3), 3));
    expect(batch.statusCode, batch.body).toBe(200);
    expect((await verifyBatch(store, corporate, batch.json<CreateGiftLinkBatchResponse>())).statusCode).toBe(
      200,
    );
    const fourth = await postLink(store, corporate.headers, linkBody(lines));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(tooManyGiftLinksMessage(3, true));
    expect(fourth.json().message).toBe('You can send 3 gift links a day. Please try again tomorrow.');

    const [line] = await store.database.db
      .select({ userEmail: adminAuditLog.userEmail, changes: adminAuditLog.changes })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.area, 'customers'));
    expect(line).toEqual({
      userEmail: owner.user.email,
      changes: [
        {
          key: corporate.user.email,
          from: 'ordinary account',
          to: `corporate account (GSTIN ${ACME.gstin})`,
        },
      ],
    });
  });

  it('lets only a role with the settings permission approve, and only a business account', async () => {
    const customer = await businessSender('Ravi Kumar', ACME);
    const ordersDesk = await store.newStaff('orders');
    const refused = await approve(ordersDesk, customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your staff role does not include this part of the back office');
    const signedInCustomer = await approve(customer, customer);
    expect(signedInCustomer.statusCode).toBe(403);

    const owner = await store.newAdmin();
    const unchanged = await store.app.inject({
      url: `/api/admin/customers/${customer.user.id}`,
      headers: owner.headers,
    });
    expect(unchanged.json<AdminCustomerDetail>().corporateApprovedAt).toBeNull();
    const consumer = await businessSender('Sunita Das', null);
    const noGstin = await approve(owner, consumer);
    expect(noGstin.statusCode).toBe(409);
    expect(noGstin.json().message).toBe(CORPORATE_MESSAGES.needsGstin);

    // Withdrawn again: an ordinary account, and an audit line of its own.
    expect((await approve(owner, customer)).statusCode).toBe(200);
    const withdrawn = await approve(owner, customer, false);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<AdminCustomerDetail>().corporateApprovedAt).toBeNull();
    const lines = await store.database.db
      .select({ changes: adminAuditLog.changes })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.userEmail, owner.user.email));
    expect(lines.map((line) => line.changes[0]?.to)).toEqual([
      `corporate account (GSTIN ${ACME.gstin})`,
      'ordinary account',
    ]);
  });
});
