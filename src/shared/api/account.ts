import { z } from 'zod';

/**
 * POST /account/erase (decision 0058): asked once more, with the password, or for an account
 * made by phone without one, the code sent to its own number (POST /auth/phone/request).
 */
export const EraseAccountPayload = z.object({
  password: z.string().max(200, 'Password is too long').optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'Enter the code we sent')
    .optional(),
});
export type EraseAccountPayload = z.infer<typeof EraseAccountPayload>;

export const EraseAccountResponse = z.object({ erased: z.literal(true) });
export type EraseAccountResponse = z.infer<typeof EraseAccountResponse>;
