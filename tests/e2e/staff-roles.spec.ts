import type { Page } from '@playwright/test';
import type { AcceptedStaffInvite, StaffInviteSent } from '../../src/shared/api/staff';
import { appStarted } from './support/app-start';
import { axeOn } from './support/axe';
import { expect, test } from './support/fixtures';

// Decision 0076: a packer joins with the Orders role on a 360 px phone. The back office offers
// their work and no money: orders counted, not valued; no reports, no staff, no settings; and the
// API refuses what the screens leave out.
test.use({ viewport: { width: 360, height: 780 } });

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function axeViolations(page: Page): Promise<string[]> {
  const results = await axeOn(page)
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `axe ${violation.id}: ${node.target.join(' ')}`),
  );
}

test('an orders-desk member sees the day’s work without revenue and is kept from money pages', async ({
  request,
  ownerToken,
  signedInPage,
}) => {
  const email = `packer-${Date.now()}@example.com`;
  const invited = await request.post('/api/admin/staff/invites', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { email, staffRole: 'orders' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const sent: StaffInviteSent = await invited.json();
  const inviteToken = new URL(sent.link).pathname.split('/').at(-1);
  const joined = await request.post(`/api/staff-invites/${inviteToken}/accept`, {
    data: { fullName: 'Ravi Packer', password: 'packer-pass-2031' },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const { token }: AcceptedStaffInvite = await joined.json();

  const page = await signedInPage(token);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/admin');
  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText("Today's orders")).toBeVisible();
  await expect(page.getByText("Today's revenue")).toHaveCount(0);
  await expect(page.getByText(/Revenue after refunds/)).toHaveCount(0);

  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'Customers',
    'Returns',
    'Bulk enquiries',
    'Complaints',
    // Decision 0084: a group gift is an order being paid for, which the orders desk may view.
    'Group gifts',
    'New quote',
  ]);

  for (const path of ['/admin/reports', '/admin/staff', '/admin/settings', '/admin/coupons']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Your role does not include this page' })).toBeVisible();
  }
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const asMember = { authorization: `Bearer ${token}` };
  const refused = [];
  for (const url of [
    '/api/admin/reports/sales-by-day?from=2031-10-01&to=2031-10-31',
    '/api/admin/customers/export.csv',
    '/api/admin/refunds-owed',
    '/api/admin/settings',
  ]) {
    refused.push({ url, status: (await request.get(url, { headers: asMember })).status() });
  }
  expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
});
