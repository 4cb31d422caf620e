import { z } from 'zod';
import { GSTIN_MESSAGE, isValidGstin, normaliseGstin } from '../gstin';
import { STAFF_ROLES } from '../staff-roles';

export {
  LoginPayload,
  OtpRequestPayload,
  OtpVerifyPayload,
  PhoneVerifyPayload,
  RegisterPayload,
} from '../auth';

export const ROLES = ['customer', 'admin'] as const;

/** SPEC 3 User ("id or userId, name, email, username"), plus fullName and role. */
export const User = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  /**
   * An admin's back office role (src/shared/staff-roles.ts); null for a customer. The
   * server always sends it; optional so a client built before staff roles still reads the user.
   */
  staffRole: z.enum(STAFF_ROLES).nullable().optional(),
  /** The account's verified mobile number (10 digits), when it has one. */
  phone: z.string().optional(),
  /**
   * Decision 0069: false on the visit that made the account (it is greeted, not "welcomed back");
   * absent where the server did not say.
   */
  returning: z.boolean().optional(),
});
export type User = z.infer<typeof User>;

/** POST /auth/login and POST /auth/register. */
export const AuthResponse = z.object({ user: User, token: z.string() });
export type AuthResponse = z.infer<typeof AuthResponse>;

/** GET /auth/me. */
export const MeResponse = z.object({ user: User });
export type MeResponse = z.infer<typeof MeResponse>;

/** POST /auth/logout. */
export const LogoutResponse = z.object({ success: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** POST /auth/otp/request: the same answer for every valid number, account or not. */
export const OtpRequestResponse = z.object({ sent: z.literal(true), resendAfter: z.number().int() });
export type OtpRequestResponse = z.infer<typeof OtpRequestResponse>;

/**
 * GET and PUT /auth/business: a business customer's GSTIN and registered legal name, printed on
 * their invoices (B2B). Both blank (null) for a consumer; a GSTIN needs its legal name.
 */
export const BusinessDetails = z
  .object({
    gstin: z
      .string()
      .max(20, { error: GSTIN_MESSAGE, abort: true })
      .transform(normaliseGstin)
      .refine((value) => value === '' || isValidGstin(value), GSTIN_MESSAGE)
      .transform((value) => value || null)
      .nullable(),
    legalName: z
      .string()
      .trim()
      .max(200, 'Legal name must be at most 200 characters')
      .transform((value) => value || null)
      .nullable(),
  })
  .refine((value) => !value.gstin || value.legalName, {
    message: 'Enter the legal name the GSTIN is registered under',
    path: ['legalName'],
  });
export type BusinessDetails = z.infer<typeof BusinessDetails>;
export const BusinessDetailsRecord = z.object({
  gstin: z.string().nullable(),
  legalName: z.string().nullable(),
});
export type BusinessDetailsRecord = z.infer<typeof BusinessDetailsRecord>;
