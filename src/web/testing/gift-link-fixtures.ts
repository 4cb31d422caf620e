type Answer = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * A fetch for checkout's gift link forms: they ask what a timed slot costs (decision 0090), which
 * this answers with `feePaise` (null: the owner has no timed slot active); `rest` answers the others.
 */
export const answeringTimedSlotFee =
  (feePaise: number | null, rest: Answer): Answer =>
  async (input, init) =>
    new URL(String(input)).pathname === '/api/gift-links/timed-slot-fee'
      ? Response.json({ feePaise })
      : rest(input, init);
