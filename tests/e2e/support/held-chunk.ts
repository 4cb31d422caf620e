import type { Page } from '@playwright/test';

/**
 * Holds back the app's chunk named `name` (assets/{name}-{hash}.js) until `release()`, as a slow
 * connection would: for journeys about code that loads after the app has started (issue 22).
 */
export async function holdChunk(page: Page, name: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { release, requested: () => requested };
}
