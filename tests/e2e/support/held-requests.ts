import type { Page } from '@playwright/test';

/**
 * Holds back the page's requests to `url` until `release()`, as a slow connection would: for
 * journeys about what a page shows before an answer, a script or a font arrives.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(url, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/**
 * Holds back the app's chunk named `name` (assets/{name}-{hash}.js): code that loads after the app
 * has started.
 */
export const holdChunk = (page: Page, name: string) =>
  holdRequests(page, new RegExp(`/assets/${name}-[\\w-]+\\.js$`));
