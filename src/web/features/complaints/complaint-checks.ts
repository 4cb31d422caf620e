import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ComplaintInput, ComplaintStatusQuery } from '../../../shared/api/complaints';
import { COMPLAINT_MESSAGES } from '../../../shared/complaint-rules';

// The complaint forms' checks, with Zod and the shared schemas the server runs on what they send:
// complaint-form.tsx and complaint-status-form.tsx load this module when a form is first focused
// or checked (decision 0088).

/**
 * A guest is answered at the e-mail or phone they give, so one of them is needed (rule 4(5)). Its
 * own schema beside the complaint's, so that it is said with the other fields' messages: a rule on
 * the whole complaint would wait until they are put right.
 */
const ContactGiven = ComplaintInput.pick({ email: true, phone: true }).refine(
  (contact) => contact.email !== '' || contact.phone !== '',
  { path: ['email'], message: COMPLAINT_MESSAGES.contactNeeded },
);
const GuestComplaint = z.intersection(ComplaintInput, ContactGiven);

export const checkComplaint = zodResolver(ComplaintInput);
export const checkGuestComplaint = zodResolver(GuestComplaint);
export const checkComplaintStatus = zodResolver(ComplaintStatusQuery);
