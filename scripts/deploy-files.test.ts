import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from './store-process';

// deploy/compose.yaml and deploy/Dockerfile follow the layout of deploy/systemd (no Docker daemon
// runs where the tests do: docs/operations.md says how they were checked). These tests keep the
// two from drifting apart: the same commands, the same instance settings, the same PostgreSQL and
// Redis settings files.
const read = (file: string) => fs.readFileSync(path.join(root, 'deploy', file), 'utf8');

/** A unit's settings as systemd reads them: `Key=value` lines, the last one of a key winning. */
function unit(file: string) {
  const lines = read(file)
    .split('\n')
    .filter((line) => /^[A-Za-z]+=/.test(line));
  const value = (key: string) =>
    lines
      .filter((line) => line.startsWith(`${key}=`))
      .map((line) => line.slice(key.length + 1))
      .at(-1) ?? '';
  const environment = Object.fromEntries(
    value('Environment')
      .split(' ')
      .filter(Boolean)
      .map((word) => word.split('=') as [string, string]),
  );
  return { execStart: value('ExecStart').split(' '), environment, value };
}

type Service = {
  command: string[];
  environment: Record<string, string>;
  volumes?: string[];
  env_file?: string;
};
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };

/** The unit's command with the node binary as the image has it (on PATH). */
const inImage = (execStart: string[]) => ['node', ...execStart.slice(1)];

describe('the container set-up follows the systemd units', () => {
  const web = unit('systemd/utsav-web@.service');
  const jobs = unit('systemd/utsav-jobs.service');
  const backup = unit('systemd/utsav-backup.service');

  it('runs the web and jobs instances with the units’ command and background-job settings', () => {
    expect(web.execStart).toEqual(['/opt/utsav/node/bin/node', 'dist/server/main.js']);
    const webServices = Object.keys(compose.services).filter((name) => name.startsWith('web-'));
    expect(webServices).toEqual(['web-1', 'web-2']);
    for (const name of webServices) {
      const service = compose.services[name]!;
      expect(service.command).toEqual(inImage(web.execStart));
      expect(service.environment.BACKGROUND_JOBS).toBe(web.environment.BACKGROUND_JOBS);
      expect(service.env_file).toBe('utsav.env');
    }
    expect(compose.services.jobs!.command).toEqual(inImage(jobs.execStart));
    expect(compose.services.jobs!.environment).toMatchObject({
      BACKGROUND_JOBS: jobs.environment.BACKGROUND_JOBS,
      PORT: jobs.environment.PORT,
    });
    // The ports of install.sh's defaults, as Caddy reaches them in either set-up.
    expect(compose.services['web-1']!.environment.PORT).toBe('3001');
    expect(compose.services['web-2']!.environment.PORT).toBe('3002');
    expect(read('install.sh')).toContain(`WEB_PORTS="\${UTSAV_WEB_PORTS:-3001 3002}"`);
    expect(read('install.sh')).toContain(`JOBS_PORT="\${UTSAV_JOBS_PORT:-${jobs.environment.PORT}}"`);
  });

  it('backs up with the backup unit’s command and keeps the same rotation', () => {
    expect(compose.services.backup!.command).toEqual(inImage(backup.execStart));
    expect(backup.execStart).toEqual(expect.arrayContaining(['--keep-daily', '7', '--keep-weekly', '4']));
  });

  it('builds the image on the Node major install.sh installs, running the units’ command', () => {
    const dockerfile = read('Dockerfile');
    const major = /NODE_MAJOR=(\d+)/.exec(read('install.sh'))![1];
    expect([...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((match) => match[1])).toEqual([major, major]);
    expect(/^CMD (.+)$/m.exec(dockerfile)![1]).toBe(
      JSON.stringify(inImage(web.execStart)).replaceAll(',', ', '),
    );
  });

  it('gives PostgreSQL the settings of deploy/postgresql/utsav.conf, listening for the other containers', () => {
    const snippet = Object.fromEntries(
      read('postgresql/utsav.conf')
        .split('\n')
        .filter((line) => /^\w+ = /.test(line))
        .map((line) => {
          const [key, value] = line.split(' = ') as [string, string];
          return [key, value.replace(/^'|'$/g, '')];
        }),
    );
    const command = compose.services.postgres!.command;
    const settings = Object.fromEntries(
      command
        .filter((_, index) => command[index - 1] === '-c')
        .map((pair) => pair.split('=') as [string, string]),
    );
    expect(settings).toEqual({ ...snippet, listen_addresses: '*' });
    expect(snippet.listen_addresses).toBe('localhost');
  });

  it('gives Redis and Caddy the same configuration files', () => {
    expect(compose.services.redis!.volumes).toContain(
      './redis/redis-utsav.conf:/usr/local/etc/redis/redis.conf:ro',
    );
    expect(compose.services.redis!.command.slice(0, 2)).toEqual([
      'redis-server',
      '/usr/local/etc/redis/redis.conf',
    ]);
    expect(compose.services.caddy!.volumes).toContain('./caddy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(compose.services.caddy!.environment.UTSAV_UPSTREAMS).toBe('web-1:3001 web-2:3002');
  });
});
