import { z } from 'zod';

// The idempotency keys a payment page kept in the tab's storage (payment-attempts.ts), checked
// with Zod: loaded at the first Pay, not with the page (decision 0088).

const Attempt = z.object({ request: z.string(), key: z.string().min(1) });
// What the tab kept, checked: anything else there (an older shape, an edit) counts as nothing kept.
const Attempts = z.object({ online: Attempt.optional(), cod: Attempt.optional() }).catch({});
export type Attempts = z.infer<typeof Attempts>;

/** The attempts in the stored text; none when it is missing or unreadable. */
export function readAttempts(text: string | null): Attempts {
  try {
    return Attempts.parse(JSON.parse(text ?? '{}'));
  } catch {
    return {};
  }
}
