// The staff invitation's limits and words without Zod, so that the page an invitee opens and the
// owner's staff page show them without loading it (decision 0088); staff.ts re-exports them with
// its schemas.
import { STAFF_ROLE_NAMES, type StaffRole } from '../staff-roles';

/** A back office password is at least 8 characters, as `npm run admin:create` asks. */
export const STAFF_PASSWORD_MIN_LENGTH = 8;

/** The words an owner shares with the invitation's link (WhatsApp, or copied anywhere). */
export const staffInviteShareText = (invite: {
  storeName: string;
  staffRole: StaffRole;
  link: string;
  until: string;
}) =>
  `${invite.storeName} invites you to its back office (${STAFF_ROLE_NAMES[invite.staffRole]}). Open this link by ${invite.until} to set your password and join: ${invite.link}`;

/** A wa.me link that opens WhatsApp with `text` ready to send to any chat. */
export const whatsappShareLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;
