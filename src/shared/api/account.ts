import { z } from 'zod';
import { Email, FullName, PhoneVerifyPayload } from '../auth';

/**
 * POST /account/erase (decision 0063): asked once more, with the password, or for an account
 * made by phone without one, the code sent to its own number (POST /auth/phone/request).
 */
export const EraseAccountPayload = z.object({
  password: z.string().max(200, 'Password is too long').optional(),
  code: z
    .string()
    .trim()
    .max(8, 'Enter the code we sent')
    .regex(/^\d{4,8}$/, 'Enter the code we sent')
    .optional(),
});
export type EraseAccountPayload = z.infer<typeof EraseAccountPayload>;

export const EraseAccountResponse = z.object({ erased: z.literal(true) });
export type EraseAccountResponse = z.infer<typeof EraseAccountResponse>;

/** PUT /account/name (decision 0063): the shopper corrects their name. */
export const CorrectNamePayload = z.object({
  fullName: FullName,
});
export type CorrectNamePayload = z.infer<typeof CorrectNamePayload>;

/**
 * POST /account/phone (decision 0075): the account's new mobile number with the code sent to it
 * by POST /auth/phone/request.
 */
export const CorrectPhonePayload = PhoneVerifyPayload;
export type CorrectPhonePayload = z.infer<typeof CorrectPhonePayload>;

/** POST /account/email (decision 0075): a link goes to the new address; it changes once opened. */
export const RequestEmailChange = z.object({ email: Email });
export type RequestEmailChange = z.input<typeof RequestEmailChange>;
export const EmailChangeRequested = z.object({ sentTo: z.string(), expiresAt: z.string() });
export type EmailChangeRequested = z.infer<typeof EmailChangeRequested>;

/** The link's token: 32 random bytes in base64url. */
export const EmailChangeTokenParams = z.object({
  token: z
    .string()
    .max(100, 'This link is not valid')
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid'),
});

/** GET /account/email/:token: the address the link would confirm. */
export const EmailChangeLink = z.object({ newEmail: z.string() });
export type EmailChangeLink = z.infer<typeof EmailChangeLink>;

/** POST /account/email/:token: the account's e-mail as it now is. */
export const EmailChanged = z.object({ email: z.string() });
export type EmailChanged = z.infer<typeof EmailChanged>;
