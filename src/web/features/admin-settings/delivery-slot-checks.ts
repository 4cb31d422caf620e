import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DeliverySlotInput } from '../../../shared/api/delivery-slots';
import { SLOT_ZONE_KEYS } from '../../../shared/timed-slots';
import { type SlotForm, slotFormFieldOf, slotInputOf } from './delivery-slot-form-values';

// The delivery slot form's checks, with Zod and the shared DeliverySlotInput the server runs on the
// slot: delivery-slots-view.tsx loads this module at the form's first focus or check (decision 0088).

const SlotFormValues = z
  .object({
    name: z.string(),
    start: z.string(),
    end: z.string(),
    windowMinutes: z.string(),
    fee: z.string(),
    cutoffHours: z.string(),
    zones: z.array(z.enum(SLOT_ZONE_KEYS)),
    pincodes: z.string(),
    weekdays: z.array(z.string()),
    active: z.boolean(),
  })
  .transform((form: SlotForm, context) => {
    const checked = DeliverySlotInput.safeParse(slotInputOf(form));
    if (checked.success) return checked.data;
    // A rule of the slot shows under the field it is typed in (a pincode's under the pincodes).
    for (const issue of checked.error.issues) {
      context.addIssue({ code: 'custom', message: issue.message, path: [slotFormFieldOf(issue.path[0])] });
    }
    return z.NEVER;
  });

export const checkDeliverySlot = zodResolver(SlotFormValues);
