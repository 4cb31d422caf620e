import { sql } from 'drizzle-orm';
import { users } from './schema';

/**
 * The constraint behind a PostgreSQL unique violation (23505) in a Drizzle error, on both drivers
 * (the driver's error sits in the `cause` chain); '' when the driver names none, null when the
 * error is something else.
 */
export function violatedConstraint(error: unknown): string | null {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** A LIKE/ILIKE pattern that finds `text` anywhere, with its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A user's e-mail address, '' for an account made with a mobile number alone (decision 0032). */
export const userEmail = sql<string>`coalesce(${users.email}, '')`;
