import type { Dispatch } from 'react';
import type { LoginPayload, OtpVerifyPayload, RegisterPayload } from '../../../shared/api/auth';
import { deriveSignupIdentity } from '../../../shared/auth-rules';
import { storeToken } from '../../api/client';
import type { AuthApi, PhoneAuthApi } from './auth-api';
import { type AuthAction, type AuthState, failureMessage, isUsernameTaken } from './auth-state';

export type QuickSignup = { email: string; password: string; name: string; adult: true };

// A derived username can collide with an existing one; a new random number is tried a few times.
const QUICK_SIGNUP_TRIES = 3;

/** AuthProvider's ways to sign in (auth-provider.tsx), loaded with the sign-in forms or the first attempt. */
export function createSignIn({
  dispatch,
  api,
  phoneApi,
  random,
}: {
  dispatch: Dispatch<AuthAction>;
  api: AuthApi;
  phoneApi: PhoneAuthApi;
  random: () => number;
}) {
  // The provider has already said an attempt started (auth-provider.tsx); this settles it.
  async function signIn(call: () => Promise<{ user: AuthState['user']; token: string }>, fallback: string) {
    try {
      const { user, token } = await call();
      if (!user) throw new Error('The server answered without a user');
      storeToken(token);
      dispatch({ type: 'succeeded', user, token });
      return true;
    } catch (error) {
      storeToken(null);
      dispatch({ type: 'failed', error: failureMessage(error, fallback) });
      return false;
    }
  }

  return {
    login: (payload: LoginPayload) => signIn(() => api.login(payload), 'Login failed'),
    register: (payload: RegisterPayload) => signIn(() => api.register(payload), 'Registration failed'),
    quickSignup: ({ email, password, name, adult }: QuickSignup) =>
      signIn(async () => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await api.register({
              email,
              password,
              adult,
              ...deriveSignupIdentity(email, name, random),
            });
          } catch (error) {
            if (!isUsernameTaken(error) || attempt >= QUICK_SIGNUP_TRIES) throw error;
          }
        }
      }, 'Registration failed'),
    verifyCode: (payload: OtpVerifyPayload) => signIn(() => phoneApi.verifyCode(payload), 'Sign-in failed'),
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
