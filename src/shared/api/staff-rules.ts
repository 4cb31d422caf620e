// The staff invitation's limits without Zod, so that the page an invitee opens shows them without
// loading it (decision 0088); staff.ts re-exports them with its schemas.

/** A back office password is at least 8 characters, as `npm run admin:create` asks. */
export const STAFF_PASSWORD_MIN_LENGTH = 8;
