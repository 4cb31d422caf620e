// Timings for the flood measurements (measure-hashing-flood.ts, measure-heavy-reads.ts).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
};

/**
 * One request by curl, a process of its own, so the flood's client in the measuring process does
 * not slow the measurement: the milliseconds from connecting to the last byte, and the status.
 */
export async function timed(url: string, options: { forwardedFor: string; json?: unknown }) {
  const args = [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{time_total}',
    '-H',
    `x-forwarded-for: ${options.forwardedFor}`,
  ];
  if (options.json !== undefined) {
    args.push('-H', 'content-type: application/json', '--data', JSON.stringify(options.json));
  }
  const { stdout } = await run('curl', [...args, url]);
  const [status, seconds] = stdout.trim().split(' ');
  return { ms: Number(seconds) * 1000, status: Number(status) };
}
