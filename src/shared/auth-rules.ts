// SPEC 5 and 9: signup passwords have at least 6 characters.
export const PASSWORD_MIN_LENGTH = 6;
// Bounds the work of hashing a hostile request; no real password comes near it.
export const PASSWORD_MAX_LENGTH = 128;

/**
 * SPEC 5 quick signup: username is the e-mail's local part plus a random whole number below 1000;
 * fullName is the trimmed name or, when empty, that username. `random` is injected for tests.
 */
export function deriveSignupIdentity(
  email: string,
  name: string,
  random: () => number = Math.random,
): { username: string; fullName: string } {
  const localPart = email.trim().toLowerCase().split('@')[0] ?? '';
  const username = `${localPart}${Math.floor(random() * 1000) % 1000}`;
  return { username, fullName: name.trim() || username };
}

export type NamedUser = {
  name?: string | null;
  fullName?: string | null;
  email?: string | null;
  username?: string | null;
};

/** SPEC 2 checkout greeting: name, else the e-mail before the @, else username, else 'User'. */
export function displayName(user: NamedUser | null | undefined): string {
  const candidates = [user?.name, user?.fullName, user?.email?.split('@')[0], user?.username];
  return candidates.map((value) => value?.trim()).find((value) => value) ?? 'User';
}

/**
 * SPEC 2 checkout's "Welcome back" with the name, for someone who was here before; an account made
 * on this visit is greeted "Welcome" (decision 0069).
 */
export function greetingOf(user: (NamedUser & { returning?: boolean }) | null | undefined): string {
  return `${user?.returning === false ? 'Welcome' : 'Welcome back'}, ${displayName(user)}`;
}

/**
 * Browser event a web feature raises when the server refuses the stored token (SPEC 6: a 401 on
 * an address call logs the shopper out); the auth state listens and signs out. It lives here so
 * that features, which never import each other, agree on one name.
 */
export const SESSION_EXPIRED_EVENT = 'auth:session-expired';

/** What the server answers when a new number's code is right but no name came with it. */
export const NAME_NEEDED = 'Please tell us your name to create your account.';
/**
 * Decision 0063 (DPDP Act s.9): a child's data needs a parent's verifiable consent, which the store
 * does not collect; an account is made only on the shopper's declaration that they are 18 or older.
 */
export const ADULT_REQUIRED =
  'You must be 18 or older to create an account. A parent or guardian can order for you.';
export const ADULT_LABEL = 'I am 18 or older';

/** A code has 6 digits, lives 5 minutes, allows 3 wrong tries; a new one may be asked after 30 s. */
export const OTP_RULES = { digits: 6, ttlSeconds: 5 * 60, maxWrongTries: 3, resendAfterSeconds: 30 } as const;

export const OTP_CHANNELS = ['sms', 'whatsapp'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];
