import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Null for an account made with a mobile number and a one-time code (decision 0032).
    email: text('email').unique(),
    username: text('username').notNull().unique(),
    fullName: text('full_name').notNull(),
    // Null when the account signs in by code only; e-mail login then never matches it.
    passwordHash: text('password_hash'),
    // 10 digits (shared/phone.ts), set only once a one-time code sent to it came back.
    phone: text('phone').unique(),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    // Decision 0076: the preset of permissions an admin holds (src/shared/staff-roles.ts); read only
    // when role is 'admin'. The default makes every admin that existed before staff roles an owner.
    staffRole: text('staff_role', { enum: ['owner', 'orders', 'catalogue', 'accounts'] })
      .notNull()
      .default('owner'),
    // GST: a business customer's GSTIN and the legal name it is registered under, printed on their
    // invoices (B2B) so they can claim input tax credit; null for a consumer.
    gstin: text('gstin'),
    legalName: text('legal_name'),
    // Decision 0081: when the owner approved this business account (it has a GSTIN) as a corporate
    // buyer, whose gift links a day are the owner's higher corporate limit; null for every other.
    corporateApprovedAt: timestamp('corporate_approved_at', { withTimezone: true }),
    // Decision 0063: when the shopper erased the account; the row stays only as the owner of the
    // orders and invoices tax law keeps, with nothing left that names or reaches them.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // Decision 0063: when the shopper declared being 18 or older (null for accounts from before,
    // and for staff, who are employed adults).
    adultDeclaredAt: timestamp('adult_declared_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The back office finds customers by any part of their name or e-mail.
  (table) => [
    index('users_full_name_trgm_idx').using('gin', sql`${table.fullName} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Only a SHA-256 of the bearer token is stored, so a leaked table cannot log anyone in.
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Fixed-window counters shared by every instance (login and registration limits), in the shape
 * rate-limiter-flexible's RateLimiterDrizzle expects.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

// Decision 0032: one-time codes sent to a mobile number, to sign in (purpose 'sign-in') or to add
// the number to a signed-in account ('add-phone', with its user). Only a hash of the code is kept;
// each code is used once, allows 3 wrong tries (counted before the check) and lives 5 minutes.
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['sign-in', 'add-phone'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The address that asked for the code (decision 0032: allowances per number and requester). */
    requestedBy: text('requested_by'),
    createdAt: createdAt(),
  },
  (table) => [
    index('phone_codes_phone_idx').on(table.phone, table.purpose),
    index('phone_codes_requested_by_idx').on(table.requestedBy, table.createdAt),
  ],
);
