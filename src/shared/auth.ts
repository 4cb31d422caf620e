import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-rules';

// The rules without a schema live in auth-rules.ts (no Zod, so the web shell can use them without
// loading Zod); they are re-exported here.
export {
  deriveSignupIdentity,
  displayName,
  type NamedUser,
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
  fullName: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be at most 100 characters'),
});
export type RegisterPayload = z.infer<typeof RegisterPayload>;
