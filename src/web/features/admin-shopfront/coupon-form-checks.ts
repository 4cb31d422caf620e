import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { NewAdminCoupon } from '../../../shared/api/coupons';

// The coupon form's checks, with Zod and the shared NewAdminCoupon the server runs on what it
// sends: coupons-view.tsx loads this module at the form's first focus or check (decision 0088).

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** The terms as typed: an empty limit is none, an empty minimum ₹0; a flat coupon has no maximum. */
const CouponFormValues = z
  .object({
    code: z.string(),
    description: z.string(),
    kind: z.enum(['percent', 'flat'], { error: 'Choose percent or flat' }),
    value: z.string(),
    minOrder: z.string(),
    maxDiscount: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    usageLimit: z.string(),
    perCustomerLimit: z.string(),
    categoryIds: z.array(z.string()),
    /** Not a field: an edit keeps the coupon switched on or off. */
    active: z.boolean(),
  })
  .transform(
    (form): z.input<typeof NewAdminCoupon> => ({
      code: form.code,
      description: form.description,
      kind: form.kind,
      value: Number(form.value),
      minOrder: numberOrNull(form.minOrder) ?? 0,
      maxDiscount: form.kind === 'percent' ? numberOrNull(form.maxDiscount) : null,
      startsOn: form.startsOn || null,
      endsOn: form.endsOn || null,
      usageLimit: numberOrNull(form.usageLimit),
      perCustomerLimit: numberOrNull(form.perCustomerLimit),
      categoryIds: form.categoryIds.map(Number),
      active: form.active,
    }),
  )
  .pipe(NewAdminCoupon);

export const checkCouponForm = zodResolver(CouponFormValues);
