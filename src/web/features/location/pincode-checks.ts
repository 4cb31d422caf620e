import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { isCompletePincode } from '../../../shared/pincode';

// The pincode box's check: SPEC 5's rule (validatePincode, as the server's Pincode runs it) with
// the words SPEC 5 gives the box. pincode-form.tsx loads this module at the box's first focus
// (decision 0088).

// SPEC 5: shown if the check is submitted without exactly six digits.
export const INCOMPLETE_PINCODE_MESSAGE = 'Please enter a valid 6-digit pincode';

export const checkPincode = zodResolver(
  z.object({ pincode: z.string().refine(isCompletePincode, INCOMPLETE_PINCODE_MESSAGE) }),
);
