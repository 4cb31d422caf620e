import type { Page, Request } from '@playwright/test';
import type { AccountConsents } from '../../src/shared/consents';
import { appStarted } from './support/app-start';
import { answerAnalytics, expect, test } from './support/fixtures';
import { keepPicture } from './support/pictures';

// Decisions 0052 and 0075: Google Analytics only after Allow on the banner; a signed-in shopper's
// answer joins the consent ledger and is withdrawn from the account page. The journey store has a
// measurement id (journey-server.ts); gtag.js is answered here, never fetched from Google.

test.use({ analyticsAnswered: false, viewport: { width: 360, height: 740 } });

const MEASUREMENT_ID = 'G-JOURNEY2026';

/** Every request the page makes for gtag.js, answered with an empty script. */
async function watchGtag(page: Page) {
  const requests: Request[] = [];
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    requests.push(route.request());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return requests;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Analytics choice' });

test('a guest is asked with two equal buttons, and gtag.js is requested only after Allow', async ({
  page,
}) => {
  const gtag = await watchGtag(page);
  await page.goto('/');
  await appStarted(page);
  await expect(banner(page)).toBeVisible();
  const allow = banner(page).getByRole('button', { name: 'Allow analytics' });
  const refuse = banner(page).getByRole('button', { name: 'No, thanks' });
  const [allowBox, refuseBox] = [await allow.boundingBox(), await refuse.boundingBox()];
  expect(allowBox?.width).toBe(refuseBox?.width);
  expect(allowBox?.height).toBe(refuseBox?.height);
  // Asked, not assumed: the page settles with no request for gtag.js and no script for it.
  await page.waitForLoadState('networkidle');
  await page.goto('/products');
  await appStarted(page);
  await page.waitForLoadState('networkidle');
  expect(gtag).toEqual([]);
  await expect(page.locator('script[src*="googletagmanager.com"]')).toHaveCount(0);
  await keepPicture(page, 'banner-360.png');

  const requested = page.waitForRequest(/googletagmanager\.com\/gtag\/js/);
  await banner(page).getByRole('button', { name: 'Allow analytics' }).click();
  expect((await requested).url()).toBe(`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`);
  await expect(banner(page)).toHaveCount(0);
});

test('a guest who says No is not asked again and gtag.js is never requested', async ({ page }) => {
  const gtag = await watchGtag(page);
  await page.goto('/');
  await appStarted(page);
  await banner(page).getByRole('button', { name: 'No, thanks' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.reload();
  await appStarted(page);
  await page.waitForLoadState('networkidle');
  await expect(banner(page)).toHaveCount(0);
  expect(gtag).toEqual([]);
});

test("a signed-in shopper's answer is in the consent ledger and withdrawn from the account page", async ({
  page,
  newShopper,
}) => {
  const { token } = await newShopper('Meera Iyer', { address: false, on: page });
  const ledger = async () =>
    (
      (await (
        await page.request.get('/api/notifications/consents', {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as AccountConsents
    ).analytics;
  const gtag = await watchGtag(page);
  await page.goto('/orders');
  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/notifications/consents/analytics') && response.ok(),
  );
  await banner(page).getByRole('button', { name: 'Allow analytics' }).click();
  await answered;
  expect(await ledger()).toMatchObject({ given: true });
  expect(gtag.length).toBe(1);

  // One tap on the account page withdraws it, in the ledger and in this browser.
  const analyticsSwitch = page.getByRole('switch', {
    name: 'Let Utsav Gifts count visits with Google Analytics',
  });
  await expect(analyticsSwitch).toBeChecked();
  await analyticsSwitch.click();
  await expect(analyticsSwitch).not.toBeChecked();
  await expect.poll(async () => (await ledger()).given).toBe(false);
  expect(await page.evaluate((id) => Reflect.get(window, `ga-disable-${id}`), MEASUREMENT_ID)).toBe(true);
  await page.reload();
  await appStarted(page);
  await page.waitForLoadState('networkidle');
  // After a reload, still withdrawn: no banner, and gtag.js not loaded again.
  await expect(banner(page)).toHaveCount(0);
  expect(gtag.length).toBe(1);
});

test('a shopper changes their e-mail by the link mailed to the new address', async ({
  page,
  newShopper,
  ownerToken,
}) => {
  await newShopper('Ravi Kumar', { address: false, on: page });
  // The banner answered, so that this journey is about the e-mail.
  await answerAnalytics(page.context());
  await page.goto('/orders');
  await appStarted(page);
  const newEmail = `ravi.${Date.now()}@example.in`;
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  await page.getByLabel('New e-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}.`, { exact: false })).toBeVisible();
  await keepPicture(page, 'account-email-360.png', { fullPage: true });

  const outbox = (await (
    await page.request.get('/api/admin/outbox', { headers: { authorization: `Bearer ${ownerToken}` } })
  ).json()) as { data: { recipient: string; text: string }[] };
  const mail = outbox.data.find((row) => row.recipient === newEmail);
  const link = mail?.text.match(/\/confirm-email\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeDefined();
  await page.goto(link ?? '/');
  await appStarted(page);
  await expect(page.getByText(`Use ${newEmail} as the e-mail of your account?`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    `Done. Your account now uses ${newEmail}. Sign in with it from now on.`,
  );
  await page.getByRole('link', { name: 'Go to my account' }).click();
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
});
