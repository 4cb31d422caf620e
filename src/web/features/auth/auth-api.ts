import {
  AuthResponse,
  type LoginPayload,
  MeResponse,
  type RegisterPayload,
  type User,
} from '../../../shared/api/auth';
import { apiRequest } from '../../api/client';

/** The auth calls of SPEC 7; the provider takes them as a dependency so tests can pass their own. */
export type AuthApi = {
  me(): Promise<User>;
  login(payload: LoginPayload): Promise<AuthResponse>;
  register(payload: RegisterPayload): Promise<AuthResponse>;
  /** Revokes the token on the server; the token is passed because storage is cleared at once. */
  logout(token: string): Promise<void>;
};

export const authApi: AuthApi = {
  me: async () => MeResponse.parse(await apiRequest<unknown>('/auth/me')).user,
  login: async (payload) =>
    AuthResponse.parse(await apiRequest<unknown>('/auth/login', { method: 'POST', body: payload })),
  register: async (payload) =>
    AuthResponse.parse(await apiRequest<unknown>('/auth/register', { method: 'POST', body: payload })),
  logout: async (token) => {
    await apiRequest<unknown>('/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  },
};
