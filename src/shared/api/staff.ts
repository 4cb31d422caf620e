import { z } from 'zod';
import { Email } from '../auth';
import { PASSWORD_MAX_LENGTH } from '../auth-rules';
import { SettingsChange } from '../owner-settings';
import { STAFF_ROLES } from '../staff-roles';
import { User } from './auth';
import { STAFF_PASSWORD_MIN_LENGTH } from './staff-rules';

// The limits without Zod are in staff-rules.ts (decision 0088).
export * from './staff-rules';

// The owner's staff page and the invitation an invitee accepts.

const StaffRoleField = z.enum(STAFF_ROLES, { error: 'Choose a role: owner, orders, catalogue or accounts' });

export const StaffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  staffRole: z.enum(STAFF_ROLES),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const PendingStaffInvite = z.object({
  id: z.number().int(),
  email: z.string(),
  staffRole: z.enum(STAFF_ROLES),
  expiresAt: z.string(),
});
export type PendingStaffInvite = z.infer<typeof PendingStaffInvite>;

/** GET /admin/staff. */
export const StaffList = z.object({
  staff: z.array(StaffMember),
  invites: z.array(PendingStaffInvite),
  history: z.array(SettingsChange),
});
export type StaffList = z.infer<typeof StaffList>;

/** POST /admin/staff/invites. */
export const NewStaffInvite = z.object({ email: Email, staffRole: StaffRoleField });
export type NewStaffInvite = z.infer<typeof NewStaffInvite>;

/** PATCH /admin/staff/:id: a new role, or 'none' to take the back office away. */
export const ChangeStaffRole = z.object({
  staffRole: z.enum([...STAFF_ROLES, 'none'], { error: 'Choose a role, or none to revoke' }),
});
export type ChangeStaffRole = z.infer<typeof ChangeStaffRole>;

export const StaffIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The invitation link's token: 32 random bytes in base64url. */
export const StaffInviteTokenParams = z.object({
  token: z
    .string()
    .max(100, 'This invitation link is not valid')
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid'),
});

/** GET /staff-invites/:token: what the invitee is asked to accept. */
export const StaffInvitation = z.object({
  email: z.string(),
  staffRole: z.enum(STAFF_ROLES),
  storeName: z.string(),
  /** True when the e-mail already has an account (its password is replaced by the one set here). */
  existingAccount: z.boolean(),
});
export type StaffInvitation = z.infer<typeof StaffInvitation>;

/** POST /staff-invites/:token/accept. */
export const AcceptStaffInvite = z.object({
  fullName: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be at most 100 characters'),
  password: z
    .string({ error: 'Password is required' })
    .min(STAFF_PASSWORD_MIN_LENGTH, `Password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type AcceptStaffInvite = z.infer<typeof AcceptStaffInvite>;

export const AcceptedStaffInvite = z.object({
  email: z.string(),
  staffRole: z.enum(STAFF_ROLES),
  /** Joining signs the member in: the session's bearer token and the account. */
  token: z.string(),
  user: User,
});
export type AcceptedStaffInvite = z.infer<typeof AcceptedStaffInvite>;

/** POST /admin/staff/invites: the invitation's link and a message to share it by WhatsApp. */
export const StaffInviteSent = z.object({ link: z.string(), shareText: z.string() });
export type StaffInviteSent = z.infer<typeof StaffInviteSent>;
