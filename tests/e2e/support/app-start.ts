import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has hydrated the server's first paint (decision 15): its frame is no longer
 * disabled. Until then links work as plain links (a full page load), so a journey about client-side
 * navigation waits for this.
 */
export async function appStarted(page: Page) {
  await expect(page.locator('fieldset.server-rendered[disabled]')).toHaveCount(0);
}
