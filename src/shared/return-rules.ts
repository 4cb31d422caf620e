// Issue 14's return rules, without Zod, so the Returns and refunds page can state them without
// loading it (src/shared/api/returns.ts holds the request schemas).

// DESIGN 4 and SPEC 1: '7-day return'.
export const RETURN_WINDOW_DAYS = 7;

export const MAX_RETURN_PHOTOS = 3;

/** The fewest characters of the reason a customer gives for a return. */
export const MIN_RETURN_REASON_LENGTH = 5;
