import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has replaced the server's first paint (decision 15). Until then links work
 * as plain links (a full page load), so a journey about client-side navigation waits for this.
 */
export async function appStarted(page: Page) {
  await expect(page.locator('fieldset.server-rendered')).toHaveCount(0);
}
