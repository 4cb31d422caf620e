// Column types and columns every module's tables use (each module's tables.ts; db/schema.ts joins them).
import { customType, timestamp } from 'drizzle-orm/pg-core';

// Money is integer paise in every table (DESIGN 4: rupees only at the API and UI edges).

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
