import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { registerTestAdmin } from '../../testing/test-accounts';
import { createTestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { HASHING_BUSY } from './hash-gate';
import { HASHES_AT_ONCE, PASSWORD_COST, passwordHashing } from './password';

// Decision 0056 at production's scrypt cost: a flood of logins and invitation acceptances from one
// address never runs more than 2 hashes at once, and the owner and the storefront's files get through.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dist-'));
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
fs.writeFileSync(path.join(distDir, 'assets', 'index-flood1.js'), 'console.log("storefront");');

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, {
    env: { BACKGROUND_JOBS: 'false' },
    webDistDir: distDir,
    passwordCost: PASSWORD_COST,
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const attacker = '203.0.113.66';

describe('a 100-wide hashing flood', () => {
  it('runs at most 2 hashes at once (1 on 2 cores), answers the excess 503 with Retry-After, and serves the owner and a file', async () => {
    const owner = await registerTestAdmin(app, database);
    const logins = Array.from({ length: 100 }, (_, index) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `nobody-${index}@example.com`, password: 'not-the-password' },
        remoteAddress: attacker,
      }),
    );
    const acceptances = Array.from({ length: 100 }, () =>
      app.inject({
        method: 'POST',
        url: `/api/staff-invites/${randomBytes(32).toString('base64url')}/accept`,
        payload: { fullName: 'Intruder', password: 'a-long-password' },
        remoteAddress: attacker,
      }),
    );
    const ownerLogin = app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.user.email, password: owner.password },
      remoteAddress: '192.0.2.10',
    });
    const asset = app.inject({ url: '/assets/index-flood1.js', remoteAddress: '192.0.2.11' });

    expect((await ownerLogin).statusCode).toBe(200);
    expect((await asset).statusCode).toBe(200);

    const loginAnswers = await Promise.all(logins);
    const statuses = (answers: LightMyRequestResponse[]) =>
      new Set(answers.map((answer) => answer.statusCode));
    expect([...statuses(loginAnswers)].every((status) => [401, 429, 503].includes(status))).toBe(true);
    const busy = loginAnswers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.json().message).toBe(HASHING_BUSY);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // A made-up link is refused before any hash, and an address gets 10 tries an hour.
    const acceptAnswers = await Promise.all(acceptances);
    expect(acceptAnswers.filter((answer) => answer.statusCode === 404)).toHaveLength(10);
    expect(acceptAnswers.filter((answer) => answer.statusCode === 429)).toHaveLength(90);

    expect(passwordHashing.load().peakRunning).toBeLessThanOrEqual(HASHES_AT_ONCE);
    expect(HASHES_AT_ONCE).toBeLessThanOrEqual(2);
  });
});
