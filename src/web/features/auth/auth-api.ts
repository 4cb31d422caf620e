import type {
  AuthResponse,
  LoginPayload,
  OtpRequestPayload,
  OtpRequestResponse,
  OtpVerifyPayload,
  RegisterPayload,
  User,
} from '../../../shared/api/auth';
import { apiRequest, parsedAnswer } from '../../api/client';

// The schemas (and Zod) load with the first answer, not with the entry (docs/performance.md).
const authSchemas = () => import('../../../shared/api/auth');

/** The auth calls of SPEC 7; the provider takes them as a dependency so tests can pass their own. */
export type AuthApi = {
  me(): Promise<User>;
  login(payload: LoginPayload): Promise<AuthResponse>;
  register(payload: RegisterPayload): Promise<AuthResponse>;
  /** Revokes the token on the server; the token is passed because storage is cleared at once. */
  logout(token: string): Promise<void>;
};

export const authApi: AuthApi = {
  me: async () => {
    const answer = await parsedAnswer(
      authSchemas().then((schemas) => schemas.MeResponse),
      apiRequest<unknown>('/auth/me'),
    );
    return answer.user;
  },
  login: (payload) =>
    parsedAnswer(
      authSchemas().then((schemas) => schemas.AuthResponse),
      apiRequest<unknown>('/auth/login', { method: 'POST', body: payload }),
    ),
  register: (payload) =>
    parsedAnswer(
      authSchemas().then((schemas) => schemas.AuthResponse),
      apiRequest<unknown>('/auth/register', { method: 'POST', body: payload }),
    ),
  logout: async (token) => {
    await apiRequest<unknown>('/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  },
};

/** Sign-in with a mobile number and a one-time code (decision 0032). */
export type PhoneAuthApi = {
  requestCode(payload: OtpRequestPayload): Promise<OtpRequestResponse>;
  verifyCode(payload: OtpVerifyPayload): Promise<AuthResponse>;
  /** The signed-in account adds (or changes) its verified number. */
  requestAddPhone(payload: OtpRequestPayload): Promise<OtpRequestResponse>;
  verifyAddPhone(payload: { phone: string; code: string }): Promise<User>;
};

export const phoneAuthApi: PhoneAuthApi = {
  requestCode: (payload) =>
    parsedAnswer(
      authSchemas().then((schemas) => schemas.OtpRequestResponse),
      apiRequest<unknown>('/auth/otp/request', { method: 'POST', body: payload }),
    ),
  verifyCode: (payload) =>
    parsedAnswer(
      authSchemas().then((schemas) => schemas.AuthResponse),
      apiRequest<unknown>('/auth/otp/verify', { method: 'POST', body: payload }),
    ),
  requestAddPhone: (payload) =>
    parsedAnswer(
      authSchemas().then((schemas) => schemas.OtpRequestResponse),
      apiRequest<unknown>('/auth/phone/request', { method: 'POST', body: payload }),
    ),
  verifyAddPhone: async (payload) => {
    const answer = await parsedAnswer(
      authSchemas().then((schemas) => schemas.MeResponse),
      apiRequest<unknown>('/account/phone', { method: 'POST', body: payload }),
    );
    return answer.user;
  },
};
