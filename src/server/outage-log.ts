/**
 * What a failing dependency (Redis, the database) writes to the log: one warning when it starts
 * failing, one a minute while it goes on (with the failures counted since the last line), and one
 * when it answers again. An owner running at LOG_LEVEL=warn sees every outage and its length
 * without a line per request (docs/operations.md, "Outages").
 */
export type OutageLog = {
  failed(error: unknown): void;
  recovered(): void;
};

export type WarnLogger = { warn(details: object, message: string): void };

export const OUTAGE_LOG_EVERY_MS = 60_000;

export function createOutageLog(
  log: () => WarnLogger,
  { what, meanwhile, now = Date.now }: { what: string; meanwhile: string; now?: () => number },
): OutageLog {
  let since: number | null = null;
  let lastLine = 0;
  let failures = 0;
  const seconds = (from: number) => Math.round((now() - from) / 1000);
  return {
    failed(error) {
      const at = now();
      failures += 1;
      if (since !== null && at - lastLine < OUTAGE_LOG_EVERY_MS) return;
      since ??= at;
      log().warn(
        { err: error, failures, outageSeconds: seconds(since) },
        `${what} cannot be reached; ${meanwhile}`,
      );
      lastLine = at;
      failures = 0;
    },
    recovered() {
      if (since === null) return;
      log().warn({ outageSeconds: seconds(since) }, `${what} answers again`);
      since = null;
      failures = 0;
    },
  };
}
