import { z } from 'zod';
import {
  ADULT_REQUIRED,
  OTP_CHANNELS,
  OTP_RULES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth-rules';
import { isValidPhone, normalisePhone, PHONE_INPUT_MAX } from './phone';

// The rules without a schema live in auth-rules.ts (no Zod, so the web shell can use them without
// loading Zod); they are re-exported here.
export {
  ADULT_LABEL,
  ADULT_REQUIRED,
  deriveSignupIdentity,
  displayName,
  NAME_NEEDED,
  type NamedUser,
  OTP_CHANNELS,
  OTP_RULES,
  type OtpChannel,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SESSION_EXPIRED_EVENT,
} from './auth-rules';

export const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required', abort: true })
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'));

const password = (rules: z.ZodString) =>
  rules.max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** SPEC 3 login payload. The minimum length is not checked here: it is a signup rule. */
export const LoginPayload = z.object({
  email: Email,
  password: password(z.string({ error: 'Password is required' }).min(1, 'Password is required')),
});
export type LoginPayload = z.infer<typeof LoginPayload>;

/** An account's full name, at sign-up and when the shopper corrects it. */
export const FullName = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Full name must be at most 100 characters');

/**
 * Decision 0063: the shopper's own declaration of being 18 or older, an unticked box; anything but
 * a tick is refused with ADULT_REQUIRED. A form starts it false; what is sent is always true.
 */
export const AdultDeclaration = z
  .boolean({ error: ADULT_REQUIRED })
  .refine((ticked) => ticked, ADULT_REQUIRED)
  .transform(() => true as const);

/** SPEC 3 registration payload; the modal fills username and fullName (deriveSignupIdentity). */
export const RegisterPayload = z.object({
  email: Email,
  password: password(
    z
      .string({ error: 'Password is required' })
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  ),
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100, 'Username must be at most 100 characters'),
  fullName: FullName,
  adult: AdultDeclaration,
});
export type RegisterPayload = z.output<typeof RegisterPayload>;

// ---- Sign-in with a mobile number and a one-time code (decision 0032) ----

/** The same phone rule as addresses (shared/phone.ts): stored as the bare 10 digits. */
export const MobileNumber = z
  .string({ error: 'Mobile number is required' })
  .trim()
  .min(1, { error: 'Mobile number is required', abort: true })
  .max(PHONE_INPUT_MAX, { error: 'Please enter a valid 10-digit mobile number', abort: true })
  .refine(isValidPhone, 'Please enter a valid 10-digit mobile number')
  .transform(normalisePhone);

export const OtpRequestPayload = z.object({
  phone: MobileNumber,
  channel: z.enum(OTP_CHANNELS, { error: 'Channel must be sms or whatsapp' }).default('sms'),
});
export type OtpRequestPayload = z.input<typeof OtpRequestPayload>;

export const OtpCode = z
  .string({ error: 'Code is required' })
  .trim()
  .max(OTP_RULES.digits, 'The code has 6 digits')
  .regex(/^\d{6}$/, 'The code has 6 digits');

export const OtpVerifyPayload = z.object({
  phone: MobileNumber,
  code: OtpCode,
  /** Asked once, when the number has no account yet. */
  fullName: z
    .string()
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be at most 100 characters')
    .optional(),
  /** Optional for an account made with a mobile number. */
  email: Email.optional(),
  /** Decision 0063: asked with the name; a new account needs it true. */
  adult: z.boolean().optional(),
});
export type OtpVerifyPayload = z.input<typeof OtpVerifyPayload>;

/** Adding a phone to the signed-in account: the code, sent to the number being added. */
export const PhoneVerifyPayload = z.object({ phone: MobileNumber, code: OtpCode });
