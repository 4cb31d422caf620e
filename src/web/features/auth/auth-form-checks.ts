import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LoginPayload, RegisterPayload } from '../../../shared/api/auth';

// The sign-in and sign-up forms' checks, with Zod and the shared schemas the server runs on what
// they send: auth-forms.tsx loads this module at a form's first check (decision 0088).

/** SPEC 5 quick signup: e-mail and password as for registration, the name optional. */
const QuickSignupValues = z.object({
  email: LoginPayload.shape.email,
  password: RegisterPayload.shape.password,
  name: z.string().trim().max(100, 'Full name must be at most 100 characters'),
  adult: RegisterPayload.shape.adult,
});

/** SPEC 5 registration page: every field required, plus the confirmation. */
const RegisterValues = RegisterPayload.extend({
  confirmPassword: z.string().min(1, 'Please confirm your password'),
});

export const checkLogin = zodResolver(LoginPayload);
export const checkQuickSignup = zodResolver(QuickSignupValues);
export const checkRegister = zodResolver(RegisterValues);
