import type { Page } from '@playwright/test';

/**
 * Opens a back-office section as the owner would: on a phone the sections sit behind the "Menu"
 * button, from a tablet up they are always shown.
 */
export async function openAdminSection(page: Page, section: string) {
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const menu = nav.getByRole('button', { name: 'Menu', exact: true });
  // The frame shows once the account is checked; only then does the button's visibility tell.
  await nav.waitFor();
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name: section, exact: true }).click();
}
