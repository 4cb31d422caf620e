import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { AdultDeclaration, Email, FullName, OtpRequestPayload, OtpVerifyPayload } from '../../../shared/auth';

// The mobile number sign-in's checks, the schemas the server runs on what it sends (decision 0032):
// phone-sign-in-form.tsx loads this module when the form is first focused or sent (decision 0088).

/** The code; the new account's fields, not shown yet, are not checked. */
const CodeValues = OtpVerifyPayload.pick({ code: true }).extend({
  fullName: z.string(),
  email: z.string(),
  adult: z.boolean(),
});

/** A number new to the store is asked for a name and the 18+ declaration once; e-mail is optional. */
const NewAccountValues = CodeValues.extend({
  fullName: FullName,
  email: z.literal('').or(Email),
  adult: AdultDeclaration,
});

export const checkNumber = zodResolver(OtpRequestPayload);
export const checkCode = zodResolver(CodeValues);
// The same form either way: what it sends is the code's, with the new account's fields checked.
export const checkNewAccount: typeof checkCode = zodResolver(NewAccountValues);
