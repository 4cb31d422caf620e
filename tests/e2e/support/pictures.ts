import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * A picture of a page or of a part of it, for a person to look at, taken only when E2E_SHOTS_DIR
 * names a folder to keep it in. A picture checks nothing, and encoding a phone's full page costs
 * the browser CPU that every journey beside it waits for (docs/performance.md, "The test suite").
 */
export async function keepPicture(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const folder = process.env.E2E_SHOTS_DIR;
  if (!folder) return;
  const file = path.join(folder, name);
  if ('goto' in target) await target.screenshot({ path: file, ...options });
  else await target.screenshot({ path: file });
}
