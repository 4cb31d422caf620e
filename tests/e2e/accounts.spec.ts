import type { Page } from '@playwright/test';
import type { AddressRecord } from '../../src/shared/api/addresses';
import type { Product, ProductList } from '../../src/shared/api/catalog';
import { expect, test } from './support/fixtures';

// Accounts, addresses and wishlist against the real server and its seeded catalogue.

/** Two products with names no other product shares, so their links are found by name. */
async function pickProducts(page: Page): Promise<[Product, Product]> {
  const response = await page.request.get('/api/products?limit=1000');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as ProductList;
  const counts = new Map<string, number>();
  for (const product of data) counts.set(product.name, (counts.get(product.name) ?? 0) + 1);
  const singles = data.filter(
    (product) => product.inStock && product.minQuantity === 1 && counts.get(product.name) === 1,
  );
  expect(singles.length).toBeGreaterThanOrEqual(2);
  return [singles[0]!, singles[1]!];
}

/** The top navigation on a phone: its items live in the menu behind the toggle (left open or not). */
async function openMenu(page: Page) {
  const toggle = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /^(Open|Close) menu$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return page.locator('#mobile-menu');
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** The browser's own alert and confirm boxes the page opens (there should be none). */
function nativeDialogsOf(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  return messages;
}

async function addToWishlistFromProductPage(page: Page, product: Product) {
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Add to wishlist' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to wishlist' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

test('a shopper signs up in the modal, stays signed in, keeps an address and a wishlist across logins', async ({
  page,
}) => {
  const nativeDialogs = nativeDialogsOf(page);
  const [first, second] = await pickProducts(page);
  const email = `asha.${Date.now()}@example.com`;
  const password = 'diwali-2025';

  // Sign up from the navigation's Register: the modal in signup mode.
  await page.goto('/');
  await (await openMenu(page)).getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick Signup' });
  await expect(dialog.getByText('Create account in 30 seconds')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByLabel('Full Name (Optional)').fill('Asha Verma');
  await dialog.getByLabel('I am 18 or older').check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toBeHidden();
  await expect((await openMenu(page)).getByRole('button', { name: 'Logout' })).toBeVisible();

  // A reload keeps the shopper signed in (the token is checked with /auth/me).
  await page.reload();
  const menu = await openMenu(page);
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Wishlist' })).toBeVisible();

  const token = await storedToken(page);
  expect(token).toBeTruthy();

  // An address, through the address modal at checkout: with none saved it opens by itself.
  await page.goto(`/product/${first.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await page.goto('/checkout');
  const addressForm = page.getByRole('dialog', { name: 'Add New Address' });
  await expect(addressForm.getByText('Please fill in your delivery address details')).toBeVisible();
  await addressForm.getByLabel('Full Name').fill('Asha Verma');
  await addressForm.getByLabel('Address').fill('Flat 7B, Sea View Apartments, Hill Road, Bandra West');
  // City and State come from the pincode directory at the sixth digit.
  await addressForm.getByLabel('Postal Code').pressSequentially('400050');
  await expect(addressForm.getByLabel('City')).toHaveValue('Mumbai');
  await expect(addressForm.getByLabel('State')).toHaveValue('Maharashtra');
  // ...and the phone is typed as Indians do, whole.
  await addressForm.getByLabel('Phone Number').pressSequentially('+91 98765 43210');
  await expect(addressForm.getByLabel('Phone Number')).toHaveValue('+91 98765 43210');
  await addressForm.getByRole('button', { name: 'Save Address' }).click();
  await expect(addressForm).toBeHidden();
  await expect(page.getByRole('radio', { name: /Asha Verma/ })).toBeChecked();

  // Two wishlist items from their product pages.
  await addToWishlistFromProductPage(page, first);
  await addToWishlistFromProductPage(page, second);
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'My Wishlist (2)' })).toBeVisible();
  await expect(page.getByRole('link', { name: first.name })).toBeVisible();
  await expect(page.getByRole('link', { name: second.name })).toBeVisible();
  const bottomNav = page.getByRole('navigation', { name: 'Bottom' });
  await expect(bottomNav.getByRole('link', { name: /2 items in wishlist/ })).toBeVisible();

  // Logout: the navigation and the wishlist clear, and the token is revoked on the server.
  await (await openMenu(page)).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Please login to view your wishlist' })).toBeVisible();
  await expect(bottomNav.getByRole('link', { name: /Wishlist/ })).toHaveCount(0);
  await expect(bottomNav.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await expect
    .poll(async () =>
      (await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);

  // Log in again from the modal: the wishlist and the address are back.
  await bottomNav.getByRole('button', { name: 'Login' }).click();
  // The mobile number leads (decision 0069); e-mail and password are the second way.
  await page
    .getByRole('dialog', { name: 'Continue with mobile number' })
    .getByRole('button', { name: 'Sign in with e-mail and password' })
    .click();
  const login = page.getByRole('dialog', { name: 'Welcome Back!' });
  await login.getByLabel('Email').fill(email.toUpperCase());
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('heading', { name: 'My Wishlist (2)' })).toBeVisible();
  await expect(page.getByRole('link', { name: first.name })).toBeVisible();
  await expect(bottomNav.getByRole('link', { name: /2 items in wishlist/ })).toBeVisible();

  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Asha Verma/ })).toBeChecked();
  await expect(page.getByRole('dialog', { name: 'Add New Address' })).toHaveCount(0);
  const freshToken = await storedToken(page);
  const addresses = await page.request.get('/api/addresses', {
    headers: { authorization: `Bearer ${freshToken}` },
  });
  const { data } = (await addresses.json()) as { data: AddressRecord[] };
  expect(data).toEqual([
    expect.objectContaining({
      full_name: 'Asha Verma',
      city: 'Mumbai',
      state: 'Maharashtra',
      postal_code: '400050',
      phone: '9876543210',
      is_default: true,
    }),
  ]);

  // Clear All asks SPEC 2's question in the app's own dialog: Escape keeps the list, Clear All empties it.
  await page.goto('/wishlist');
  const clearAll = page.getByRole('button', { name: 'Clear All' });
  await clearAll.click();
  const confirm = page.getByRole('alertdialog', { name: 'Clear wishlist' });
  await expect(confirm.getByText('Are you sure you want to clear your entire wishlist?')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(clearAll).toBeFocused();
  await expect(page.getByRole('heading', { name: 'My Wishlist (2)' })).toBeVisible();
  await clearAll.click();
  await confirm.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Wishlist cleared' })).toBeVisible();
  expect(nativeDialogs).toEqual([]);
});

test('a wrong password shows the server message in the red box, and the register page returns the shopper', async ({
  page,
}) => {
  const nativeDialogs = nativeDialogsOf(page);
  // A guest's wishlist heart says SPEC 8's words in the app's toast.
  const [product] = await pickProducts(page);
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Please login to add items to wishlist' }),
  ).toBeVisible();

  await page.goto('/login?redirect=/wishlist');
  // Decision 0069: /login leads with the mobile number; e-mail and password are the second way.
  await expect(page.getByRole('main').getByRole('textbox').first()).toHaveAccessibleName('Mobile number');
  await page.getByRole('button', { name: 'Sign in with e-mail and password' }).click();
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('not-it');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=\/wishlist$/);
  await page.getByLabel('Full Name').fill('Kavya Rao');
  await page.getByLabel('Username').fill(`kavya${Date.now()}`);
  await page.getByLabel('Email address').fill(`kavya.${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('rakhi-2025');
  await page.getByLabel('I am 18 or older').check();
  // A mistyped confirmation: SPEC 5's words under the field (no browser alert box).
  const confirmation = page.getByLabel('Confirm Password');
  await confirmation.fill('rakhi-2052');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(confirmation).toBeFocused();
  await expect(confirmation).toHaveAttribute('aria-invalid', 'true');
  await confirmation.fill('rakhi-2025');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  expect(nativeDialogs).toEqual([]);
});
