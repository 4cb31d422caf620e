import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareStoreFolder } from './journey-server';

/**
 * Seeds one store folder for the run; each Playwright worker starts a store of its own on a copy
 * (support/fixtures.ts), so journeys in two workers never meet each other's orders and stock.
 */
export default async function globalSetup() {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  await prepareStoreFolder(template);
  process.env.E2E_TEMPLATE_DIR = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
