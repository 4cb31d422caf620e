// The auth module's public entry: accounts, sessions, password hashing and attempt limits.

export { accountEmailOf, accountMatches, accountNameOf } from './account-columns';
export {
  accountNamesOf,
  accountStandingOf,
  accountsReachedAt,
  accountWithEmail,
  contactOf,
  emailUsedByOther,
  lockAccount,
  mailContactOf,
} from './account-lookups';
export {
  type AttemptLimiter,
  type AttemptRule,
  createAttemptLimiter,
  createRefusalMemo,
  type LimiterStore,
} from './attempt-limiter';
export { installAuth } from './auth-hooks';
export {
  AUTH_LIMITS,
  type AuthService,
  type AuthUser,
  createAuthService,
  deleteEndedSessions,
  endSessionsOf,
  tokenHashOf,
} from './auth-service';
export {
  type BusinessAccount,
  businessAccountOf,
  isCorporateBuyer,
  lockBusinessAccount,
  setCorporateApproval,
} from './corporate-accounts';
export { createOrPromoteAdmin } from './owner-account';
export { hashPassword, PASSWORD_COST, type PasswordCost, verifyPassword } from './password';
export {
  accountDetailsOf,
  correctFullName,
  eraseAccountDetailsOf,
  erasePhoneCodesTo,
  eraseSessionsOf,
  lockEmailOf,
  setEmailOf,
} from './personal-data';
export { CODE_ALLOWANCE, deleteSpentPhoneCodes } from './phone-sign-in';
export { authRoutes, userJson } from './routes';
export {
  accountByEmail,
  lockStaffAccounts,
  makeStaffAccount,
  setStaffRole,
  staffAccounts,
} from './staff-accounts';
