import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

// Decision 0079: the add-ons the shopper ticked, at least one for "Add to cart" (skipping adds
// none). add-on-step.tsx loads this at the step's first focus (decision 0088).
const AddOnChoice = z.object({ addOnIds: z.array(z.string()).min(1, 'Tick an add-on to add it') });

export const checkAddOns = zodResolver(AddOnChoice);
