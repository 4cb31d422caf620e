import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { users } from './tables';

// Decision 0094: an account's facts as SQL for another module's query over its own rows (the
// back office's order list), given the column that holds the account's id; null for no account.

/** The account's e-mail. */
export const accountEmailOf = (userId: SQLWrapper): SQL<string | null> =>
  sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`;

/** The account's full name. */
export const accountNameOf = (userId: SQLWrapper): SQL<string | null> =>
  sql`(select ${users.fullName} from ${users} where ${users.id} = ${userId})`;

/** Whether the account's e-mail or full name matches `pattern` (ilike). */
export const accountMatches = (userId: SQLWrapper, pattern: string): SQL =>
  sql`exists (select 1 from ${users} where ${users.id} = ${userId}
    and (${users.email} ilike ${pattern} or ${users.fullName} ilike ${pattern}))`;
