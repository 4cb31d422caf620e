import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runningStorePid } from '../src/server/modules/admin';
import { TEST_INVOICE_SELLER } from '../src/server/testing/invoice-fixtures';
import type { Invoice } from '../src/shared/api/invoices';
import { buildIfStale, staleBuilds } from './build-if-stale';
import { freePort, root } from './store-process';

const run = promisify(execFile);

// `npm start` as the README runs it: it builds what is stale (here usually nothing: the builds are
// shared with the other runs), serves the compiled server with plain `node`, says where the store
// is open, and stops with the npm process that started it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-npm-start-'));
let npm: ChildProcess | undefined;

afterAll(() => {
  // npm and what it started form their own process group (detached): nothing outlives a failed test.
  try {
    if (npm?.pid) process.kill(-npm.pid, 'SIGKILL');
  } catch {
    // The group is gone: the test passed.
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('npm start', () => {
  it('says where the store is open, serves from dist/server with plain node and stops on SIGTERM to npm', {
    timeout: 180_000,
  }, async () => {
    const port = await freePort();
    npm = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // An empty store starts as well as a seeded one and saves the test the seeding.
        SEED_ON_START: 'false',
        BACKGROUND_JOBS: 'false',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const child = npm;
    let stderr = '';
    const openLine = new Promise<string>((resolve, reject) => {
      child.stderr?.on('data', (chunk) => {
        stderr += String(chunk);
        const line = stderr.split('\n').find((text) => text.includes(' is open at '));
        if (line !== undefined) resolve(line);
      });
      child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    expect(await openLine).toBe(`Utsav Gifts is open at http://127.0.0.1:${port}`);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    // What it serves is the production build, though npm start ran here with Vitest's NODE_ENV
    // (on a clone without dist/, this start is what builds it).
    expect(fs.readFileSync(path.join(root, 'dist/ssr/entry-server.js'), 'utf8')).not.toContain('jsxDEV');

    const serverPid = runningStorePid(dataDir);
    expect(serverPid).not.toBeNull();
    const commandLine = fs.readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(commandLine.slice(1)).toEqual(['dist/server/main.js']);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(() => process.kill(serverPid!, 0)).toThrow();
    expect(await portIsFree(port)).toBe(true);
  });
});

// In this file because it is the one test file that builds dist/ (through npm start, above), so
// two builds never run at once; buildIfStale is a no-op after the test above.
describe('the compiled server', () => {
  it('counts the web app stale when a file of public/, which the build copies, is newer', () => {
    expect(staleBuilds()).toEqual([]);
    const starter = path.join(root, 'public/start-app.js');
    const { atime, mtime } = fs.statSync(starter);
    fs.utimesSync(starter, atime, new Date(Date.now() + 60_000));
    try {
      expect(staleBuilds()).toEqual(['web app']);
    } finally {
      fs.utimesSync(starter, atime, mtime);
    }
    expect(staleBuilds()).toEqual([]);
  });

  it('reads a CSV import and lays out an invoice PDF in worker threads under plain node', {
    timeout: 180_000,
  }, async () => {
    await buildIfStale();
    const invoice: Invoice = {
      number: 'UG/26-27/000001',
      issuedAt: '2026-11-25T10:00:00.000Z',
      orderNumber: 'UG-20261125-000001',
      seller: TEST_INVOICE_SELLER,
      buyer: { name: 'Priya Sharma', email: 'priya@example.com' },
      deliveryAddress: ['Priya Sharma', '12, MG Road', 'Bengaluru 560001, Karnataka', 'Phone: 9876543210'],
      placeOfSupply: { state: 'Karnataka', stateCode: '29' },
      intraState: true,
      couponCode: null,
      lines: [
        {
          description: 'Brass Diya',
          hsn: '7418',
          quantity: 1,
          rate: 12,
          taxableValue: 88.39,
          cgst: 5.3,
          sgst: 5.31,
          igst: 0,
          total: 99,
        },
      ],
      totals: { taxableValue: 88.39, cgst: 5.3, sgst: 5.31, igst: 0, total: 99 },
    };
    const label = {
      awb: 'SBXABCDEFGHJKLMNP',
      courierName: 'Utsav Sandbox Express',
      orderNumber: 'UG-20261125-000001',
      to: {
        name: 'Priya Sharma',
        address: '12, MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
        phone: '9876543210',
      },
      from: { name: 'Utsav Gifts', address: 'Bengaluru' },
      weightGrams: 500,
      dimensionsCm: '20 x 15 x 10',
      codRupees: null,
    };
    // The pools load their workers by path (worker-pool.ts): this proves the build emits each
    // worker beside its pool and that it runs without tsx.
    const script = `
      import { createProductCsvPool } from './dist/server/modules/admin-catalog/product-csv-pool.js';
      import { createPdfPool } from './dist/server/modules/invoices/pdf-pool.js';
      import { createLabelPool } from './dist/server/modules/courier-providers/label-pool.js';
      const csvPool = createProductCsvPool({ timeLimitMs: 60000 });
      const pdfPool = createPdfPool({ threads: 1, timeLimitMs: 60000 });
      const labelPool = createLabelPool({ threads: 1, timeLimitMs: 60000 });
      const reading = await csvPool.read('name,price,mrp,category\\r\\nBrass Diya,99,129,pooja-items\\r\\nJute Potli,0,49,pooja-items\\r\\n', new Map([['pooja-items', 7]]));
      const pdf = await pdfPool.renderInvoice(${JSON.stringify(invoice)});
      const label = await labelPool.render(${JSON.stringify(label)});
      await Promise.all([csvPool.close(), pdfPool.close(), labelPool.close()]);
      console.log(JSON.stringify({ reading, pdfStart: pdf.subarray(0, 5).toString(), labelStart: label.subarray(0, 5).toString() }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
    expect(JSON.parse(stdout)).toEqual({
      reading: {
        rows: [
          { row: 2, create: expect.objectContaining({ name: 'Brass Diya', price: 99, categoryId: 7 }) },
          { row: 3, error: 'price: Price must be more than ₹0' },
        ],
      },
      pdfStart: '%PDF-',
      labelStart: '%PDF-',
    });
  });
});
