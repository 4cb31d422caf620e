import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../auth/tables';

/** An owner's invitation to join the staff; the link works once, until it expires. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    staffRole: text('staff_role', { enum: ['owner', 'orders', 'catalogue', 'accounts'] }).notNull(),
    // Only a SHA-256 of the link's token is stored, as for sessions.
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_invites_email_idx').on(table.email)],
);
