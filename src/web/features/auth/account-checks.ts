import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CorrectNamePayload, EraseAccountPayload, RequestEmailChange } from '../../../shared/api/account';
import { BusinessDetails, PhoneVerifyPayload } from '../../../shared/api/auth';

// The account page's forms' checks, the schemas the server runs on what they send: each form loads
// this module when it is first focused or sent (decision 0088), so the page opens without Zod.

/** What was typed is sent (the server lowers the address's case itself), once it passes the rule. */
export const checkEmailChange = zodResolver(RequestEmailChange, undefined, { raw: true });
export const checkNewPhone = zodResolver(PhoneVerifyPayload.pick({ phone: true }));
export const checkPhoneCode = zodResolver(PhoneVerifyPayload.pick({ code: true }));
export const checkBusinessDetails = zodResolver(BusinessDetails);
export const checkName = zodResolver(CorrectNamePayload);

// Deleting the account asks once more (decision 0063): the password, or the code sent to the
// account's number, each with the server's rule once something is typed.
const askedOnce = (missing: string, rule: z.ZodType<string | undefined, string>) =>
  z.object({
    secret: z
      .string()
      .refine((typed) => typed.trim() !== '', { error: missing, abort: true })
      .pipe(rule),
  });
const erasePassword = EraseAccountPayload.shape.password.unwrap();
const eraseCode = EraseAccountPayload.shape.code.unwrap();
export const checkErasePassword = zodResolver(askedOnce('Enter your password.', erasePassword));
export const checkEraseCode = zodResolver(askedOnce('Enter the code we sent to your number.', eraseCode));
