import { expect, type Locator, type Page } from '@playwright/test';
import type { AddOnsOffered } from '../../../src/shared/api/catalog';

/**
 * Decision 0079: Add to Cart on a product page, then past the add-on step when the product's
 * category offers add-ons (asked of the API first, so the journey knows whether the step comes).
 */
export async function addToCartSkippingAddOns(page: Page, productId: number, addToCart: Locator) {
  const answer = await page.request.get(`/api/products/${productId}/add-ons`);
  expect(answer.ok()).toBe(true);
  const offered = ((await answer.json()) as AddOnsOffered).data.length > 0;
  await addToCart.click();
  if (!offered) return;
  const step = page.getByRole('dialog', { name: 'Make it special' });
  await step.getByRole('button', { name: 'Skip and continue' }).click();
  await expect(step).toBeHidden();
}
