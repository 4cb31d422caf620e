import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0024 and DESIGN 4: the sandbox courier's token is the installation's own, like the
// payment sandbox's secrets: whoever holds it can mark an order delivered and its cash collected.
const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' } });
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const appOn = async (dataDir: string) => {
  dataDirs.push(dataDir);
  return createTestApp(store.database, { env: { BACKGROUND_JOBS: 'false', DATA_DIR: dataDir } });
};

describe("the sandbox courier's token", () => {
  it('is random per installation, kept in DATA_DIR/secrets.json, and the same on every start there', async () => {
    const firstDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-courier-'));
    const first = await appOn(firstDir);
    const token = first.sandboxCourier?.token ?? '';
    await first.close();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(token.startsWith('sandbox-courier-token')).toBe(false);
    const stored = JSON.parse(fs.readFileSync(path.join(firstDir, 'secrets.json'), 'utf8'));
    expect(stored.sandboxCourierToken).toBe(token);
    expect(fs.statSync(path.join(firstDir, 'secrets.json')).mode & 0o777).toBe(0o600);

    const again = await appOn(firstDir);
    expect(again.sandboxCourier?.token).toBe(token);
    await again.close();

    const other = await appOn(fs.mkdtempSync(path.join(os.tmpdir(), 'store-courier-')));
    expect(other.sandboxCourier?.token).not.toBe(token);
    await other.close();
  });

  it('is refused with the published default: a courier scan signed with it changes nothing', async () => {
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/shipping/webhook',
      headers: { 'x-api-key': 'sandbox-courier-token-0001' },
      payload: { awb: 'SBX000001123', current_status: 'DELIVERED' },
    });
    expect(response.statusCode).toBe(401);
  });
});
