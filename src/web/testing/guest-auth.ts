import type { AuthApi } from '../features/auth/auth-api';

/** A shopper who is not signed in: the AuthProvider's api for pages tested as a guest. */
export const GUEST_AUTH: AuthApi = {
  me: async () => {
    throw new Error('no session');
  },
  login: async () => {
    throw new Error('not used');
  },
  register: async () => {
    throw new Error('not used');
  },
  logout: async () => {},
};
