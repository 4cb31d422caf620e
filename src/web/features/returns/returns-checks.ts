import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { NewReturn } from '../../../shared/api/returns';
import { PAYEE_MESSAGES, RefundPayee } from '../../../shared/refund-payee';
import { MAX_RETURN_PHOTOS } from '../../../shared/return-rules';

// The returns forms' checks, with Zod and the shared schemas the server runs on what they send:
// the order page's return form and the refund details page load this module when a form is first
// focused or checked (decision 0088).

/**
 * The return form holds a number of units for each item still returnable (its select's text) and
 * no kind until the shopper chooses one (decision 0051); the items with units are sent.
 */
const ReturnForm = NewReturn.extend({
  items: z
    .array(z.object({ productId: z.number(), quantity: z.coerce.number() }))
    .transform((items) => items.filter((item) => item.quantity > 0))
    .pipe(NewReturn.shape.items),
  kind: NewReturn.shape.kind.unwrap().nullable().pipe(NewReturn.shape.kind.unwrap()),
  photos: z
    .custom<FileList | null>()
    .transform((files) => Array.from(files ?? []).slice(0, MAX_RETURN_PHOTOS)),
});

/** The refund details form holds both ways' fields; the chosen one's are checked and sent. */
const RefundPayeeForm = z.object({
  payee: z
    .object({
      // Null until the customer chooses.
      method: z
        .enum(['upi', 'bank'])
        .nullable()
        .pipe(z.enum(['upi', 'bank'], { error: PAYEE_MESSAGES.method })),
      vpa: z.string(),
      holder: z.string(),
      accountNumber: z.string(),
      ifsc: z.string(),
    })
    .transform(({ method, vpa, holder, accountNumber, ifsc }) =>
      method === 'upi' ? { method, vpa } : { method, holder, accountNumber, ifsc },
    )
    .pipe(RefundPayee),
});

export const checkReturn = zodResolver(ReturnForm);
export const checkRefundPayee = zodResolver(RefundPayeeForm);
