import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, root } from '../../scripts/store-process';

// `npm run test:deploy` (a CI step of its own: it needs root, apt and the ports 80 and 443): runs
// deploy/install.sh on this machine as a shop would on a clean Debian 12, without systemd
// (--no-systemd starts each unit's own ExecStart, user and environment, read from the unit files).
// Caddy serves store.localhost with a certificate of its internal CA. PostgreSQL and Redis are a
// cluster and an instance of their own, so the machine's 5432 and 6379 are left alone.
const run = promisify(execFile);
const install = `${root}/deploy/install.sh`;
const site = 'store.localhost';
const caRoot = '/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt';
const pgCluster = 'utsavtest';
const redisInstance = 'utsavtest';
let webPorts: number[] = [];
let jobsPort = 0;

async function pgVersion() {
  return (await fs.promises.readdir('/usr/lib/postgresql')).sort().at(-1)!;
}

async function removeTestServices() {
  await run(install, ['--stop']);
  await run('pg_dropcluster', ['--stop', await pgVersion(), pgCluster]).catch(() => {});
  // pg_dropcluster leaves the folder when it holds a file it did not make (our conf.d/utsav.conf).
  fs.rmSync(`/etc/postgresql/${await pgVersion()}/${pgCluster}`, { recursive: true, force: true });
  fs.rmSync(`/etc/redis/redis-${redisInstance}.conf`, { force: true });
  // A clean machine: settings, data and backups of an earlier run go.
  for (const folder of ['/etc/utsav', '/var/lib/utsav', '/var/backups/utsav']) {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  webPorts = [await freePort(), await freePort()];
  jobsPort = await freePort();
  await removeTestServices();
  await run(install, ['--no-systemd'], {
    env: {
      ...process.env,
      UTSAV_SITE: site,
      UTSAV_TLS: 'internal',
      UTSAV_WEB_PORTS: webPorts.join(' '),
      UTSAV_JOBS_PORT: String(jobsPort),
      UTSAV_PG_CLUSTER: pgCluster,
      UTSAV_PG_PORT: String(await freePort()),
      UTSAV_REDIS_INSTANCE: redisInstance,
      UTSAV_REDIS_PORT: String(await freePort()),
      UTSAV_NODE: process.execPath,
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  // npm ci, the build and the first start with the seed: minutes.
}, 900_000);

afterAll(removeTestServices, 120_000);

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; issuer?: string };

/** A request to store.localhost on this machine, over HTTPS trusting only Caddy's internal CA. */
function request(url: string): Promise<Answer> {
  const { protocol, port, pathname, search } = new URL(url);
  const secure = protocol === 'https:';
  const options = {
    host: '127.0.0.1',
    port: port || (secure ? 443 : 80),
    path: `${pathname}${search}`,
    headers: { host: site },
    ...(secure ? { servername: site, ca: fs.readFileSync(caRoot) } : {}),
  };
  return new Promise((resolve, reject) => {
    const sent = (secure ? https : http).get(options, (response) => {
      const issuer = secure
        ? String((response.socket as TLSSocket).getPeerCertificate().issuer?.CN)
        : undefined;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          ...(issuer ? { issuer } : {}),
        }),
      );
    });
    sent.on('error', reject);
  });
}

/** The environment and command line of a process the install started (its pid file). */
function unitProcess(name: string) {
  const pid = fs.readFileSync(`/run/utsav-direct/${name}.pid`, 'utf8').trim();
  const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  const env = Object.fromEntries(
    environ.filter(Boolean).map((line) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)]),
  );
  const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const uid = fs.statSync(`/proc/${pid}`).uid;
  return { env, command, uid };
}

describe('deploy/install.sh on this machine', () => {
  it('serves the store over HTTPS through Caddy, with a certificate of its internal CA', async () => {
    const ready = await request(`https://${site}/api/ready`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready', database: 'up', redis: 'up' });
    expect(ready.issuer).toMatch(/Caddy Local Authority/);

    const home = await request(`https://${site}/`);
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.body).toContain('<html lang="en-IN"');
    // Caddy's request id reached the store (X-Request-Id in the Caddyfile).
    expect(home.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers plain HTTP with a permanent redirect to the same address over HTTPS', async () => {
    const answer = await request(`http://${site}/products?category=return-gifts`);
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(`https://${site}/products?category=return-gifts`);
  });

  it('runs the units: web instances without background jobs, one jobs instance, as the utsav user', async () => {
    const utsav = Number((await run('id', ['-u', 'utsav'])).stdout.trim());
    for (const port of webPorts) {
      const web = unitProcess(`utsav-web@${port}`);
      expect(web.command).toEqual(['/opt/utsav/node/bin/node', 'dist/server/main.js']);
      expect(web.env).toMatchObject({
        PORT: String(port),
        HOST: '127.0.0.1',
        BACKGROUND_JOBS: 'false',
        TRUST_PROXY: 'true',
      });
      expect(web.uid).toBe(utsav);
    }
    const jobs = unitProcess('utsav-jobs');
    expect(jobs.env).toMatchObject({ PORT: String(jobsPort), BACKGROUND_JOBS: 'true' });
    expect(jobs.uid).toBe(utsav);
    expect((await fetch(`http://127.0.0.1:${jobsPort}/api/ready`)).status).toBe(200);
  });

  it('runs the backup unit: a PostgreSQL dump in /var/backups/utsav', async () => {
    await run(install, ['--run', 'utsav-backup.service']);
    const files = fs.readdirSync('/var/backups/utsav');
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^utsav-\d{4}-\d{2}-\d{2}T[\d-]+Z\.dump$/);
    expect(fs.readFileSync(`/var/backups/utsav/${files[0]}`).subarray(0, 5).toString()).toBe('PGDMP');
  });
});
