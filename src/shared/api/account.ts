import { z } from 'zod';
import { FullName } from '../auth';

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

/**
 * PUT /account/name (decision 0063): the shopper corrects their name. E-mail is a login and no
 * mail-link verification exists, so it is corrected through customer care; the mobile number has
 * its own verified flow (POST /auth/phone/request and /auth/phone/verify).
 */
export const CorrectNamePayload = z.object({
  fullName: FullName,
});
export type CorrectNamePayload = z.infer<typeof CorrectNamePayload>;
