import { expect, test } from '@playwright/test';

test('an unknown path shows Page Not Found and Go Home leads home', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the mobile menu opens and closes, and the chat button opens a pre-filled chat', async ({ page }) => {
  await page.goto('/nowhere');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Collections' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();

  const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp about return gifts' });
  await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/91\d{10}\?text=.*return%20gifts/);
  await expect(page.getByRole('link', { name: /hello@utsavgifts\.in/ })).toHaveAttribute(
    'href',
    'mailto:hello@utsavgifts.in',
  );
});

test('the bottom navigation is hidden on checkout, payment and product pages', async ({ page }) => {
  await page.goto('/nowhere');
  await expect(page.getByRole('navigation', { name: 'Bottom' })).toBeVisible();
  // A guest is sent from /payment to /login (SPEC 4), so the payment page is visited signed in.
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const registered = await page.request.post('/api/auth/register', {
    data: {
      email: `nav.${stamp}@example.com`,
      password: 'utsav-2025',
      username: `nav${stamp}`,
      fullName: 'Nav Tester',
    },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  await page.evaluate((value) => localStorage.setItem('token', value), token);

  for (const path of ['/checkout', '/payment', '/product/anything-1']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page).toHaveURL(/\/(checkout|payment|product\/[^/]+)$/);
    await expect(page.getByRole('navigation', { name: 'Bottom' })).toHaveCount(0);
  }
});
