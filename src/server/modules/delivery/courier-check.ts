import type { Clock } from '../../clock';

/** The courier's word on a pincode (the shipping module's serviceability, without its names). */
export type CourierAnswer = { serviceable: false } | { serviceable: true; estimatedDays: number | null };

/** Asks the configured courier whether it serves a pincode. */
export type AskCourier = (pincode: string) => Promise<CourierAnswer>;

// A courier that failed or was slow is not asked again for a minute, so a down courier costs one
// wait a minute per pincode, not one per check.
const RETRY_AFTER_FAILURE_MS = 60_000;
// Every pincode of India is about 19,000; the map stays well under that in memory.
const MAX_PINCODES = 20_000;

/**
 * The courier's answer for a pincode, kept per pincode for `cacheMs`; null when the courier did
 * not answer within `timeoutMs` or failed, so the store's own rule answers: a courier never fails
 * or slows a pincode check beyond the timeout. Concurrent checks of one pincode share one call.
 */
export function createCourierCheck({
  ask,
  clock,
  timeoutMs,
  cacheMs,
  onFailure,
}: {
  ask: AskCourier;
  clock: Clock;
  timeoutMs: number;
  cacheMs: number;
  onFailure?: (pincode: string, error: unknown) => void;
}) {
  const kept = new Map<string, { answer: Promise<CourierAnswer | null>; until: number }>();

  async function askWithin(pincode: string): Promise<CourierAnswer | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
      timer.unref();
    });
    try {
      const answer = await Promise.race([ask(pincode), late]);
      if (answer === 'late') throw new Error(`no answer within ${timeoutMs} ms`);
      return answer;
    } catch (error) {
      onFailure?.(pincode, error);
      const entry = kept.get(pincode);
      if (entry) entry.until = Math.min(entry.until, clock.now().getTime() + RETRY_AFTER_FAILURE_MS);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return function courierAnswer(pincode: string): Promise<CourierAnswer | null> {
    const now = clock.now().getTime();
    const entry = kept.get(pincode);
    if (entry && entry.until > now) return entry.answer;
    kept.delete(pincode);
    if (kept.size >= MAX_PINCODES) {
      // The oldest entry goes first (a Map keeps insertion order).
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    const answer = askWithin(pincode);
    kept.set(pincode, { answer, until: now + cacheMs });
    return answer;
  };
}
