import type { ConsoleMessage } from '@playwright/test';
import { appStarted } from './support/app-start';
import { expect, test } from './support/fixtures';

// The pages a seller in India must show, reached from the footer of every page on a
// 360 px phone, and Contact's customer care as a phone link.
test.use({ viewport: { width: 360, height: 780 } });

const POLICY_LINKS = [
  { link: 'Returns and refunds', path: '/policies/returns' },
  { link: 'Shipping and delivery', path: '/policies/shipping' },
  { link: 'Terms of use', path: '/policies/terms' },
  { link: 'Privacy policy', path: '/policies/privacy' },
  { link: 'Contact us', path: '/contact' },
];

test('the footer leads to every policy page, each fitting a 360 px phone', async ({ page }) => {
  await page.goto('/');
  await appStarted(page);
  for (const { link, path } of POLICY_LINKS) {
    await page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: 'Policies' })
      .getByRole('link', { name: link })
      .click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
    await expect(page).toHaveTitle(`${link} | Utsav Gifts`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});

test('a policy page paints without JavaScript, and the app takes it over without console noise', async ({
  browser,
  baseURL,
}) => {
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/policies/shipping');
  await expect(bare.getByRole('heading', { level: 1, name: 'Shipping and delivery' })).toBeVisible();
  await expect(bare.getByText('Same day on orders placed before 2 PM India time')).toBeVisible();
  await noScript.close();

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/policies/shipping');
  await appStarted(page);
  await expect(page.locator('head title')).toHaveCount(1);
  await page
    .getByRole('navigation', { name: 'Other policies' })
    .getByRole('link', { name: 'Terms of use' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(page).toHaveTitle('Terms of use | Utsav Gifts');
  expect(problems).toEqual([]);
  await context.close();
});

test('Contact shows customer care as a phone link and the Grievance Officer', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('navigation', { name: 'Policies' })
    .getByRole('link', { name: 'Contact us' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: '+91 80 4567 8900' })).toHaveAttribute(
    'href',
    'tel:+918045678900',
  );
  await expect(main.getByRole('link', { name: 'hello@utsavgifts.in' })).toHaveAttribute(
    'href',
    'mailto:hello@utsavgifts.in',
  );
  await expect(main.getByRole('heading', { name: 'Grievance Officer' })).toBeVisible();
  await expect(main.getByText('Meera Krishnan')).toBeVisible();
  await expect(main.getByText('Utsav Gifts Private Limited', { exact: true })).toBeVisible();
  // The footer carries the same number on every page.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: '+91 80 4567 8900' })).toHaveAttribute(
    'href',
    'tel:+918045678900',
  );
});

test('checkout names the terms and the payment methods beside the button', async ({ page, newShopper }) => {
  await newShopper('Policy Reader', { on: page });
  await page.goto('/products');
  await appStarted(page);
  await page.getByRole('button', { name: /^Add/ }).first().click();
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible();
  const terms = page.getByRole('main').getByRole('link', { name: 'Terms of use' });
  await expect(terms).toBeVisible();
  await expect(page.getByRole('main').getByRole('list', { name: 'Payment methods we accept' })).toContainText(
    'RuPay',
  );
  await terms.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
});
