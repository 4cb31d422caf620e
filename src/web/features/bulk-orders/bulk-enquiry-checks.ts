import { zodResolver } from '@hookform/resolvers/zod';
import { BulkEnquiryInput, neededByProblem } from '../../../shared/api/bulk-enquiries';

// The bulk enquiry form's checks, with Zod and the shared schema the server runs on what it sends:
// bulk-enquiry-form.tsx loads this module when the form is first focused or checked (decision 0088).

// The date rule needs today's date, which only the browser (here) or the server's clock knows.
const BulkEnquiryForm = BulkEnquiryInput.superRefine((values, ctx) => {
  const problem = neededByProblem(values.neededBy, new Date());
  if (problem) ctx.addIssue({ code: 'custom', path: ['neededBy'], message: problem });
});

export const checkBulkEnquiry = zodResolver(BulkEnquiryForm);
