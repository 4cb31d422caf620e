import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { AdminCollectionChanges } from '../../../shared/api/admin';
import { AdminProductQuery } from '../../../shared/api/admin-products';

// The collection form's checks, with Zod and the shared collection fields the server runs on what
// it sends: collections-view.tsx loads this module at the form's first focus or check (decision 0088).

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

const member = z.object({ id: z.number(), name: z.string(), archived: z.boolean() });

/**
 * The collection as the form holds it: hand-picked, its members in display order; or automatic,
 * its rule's conditions as typed (empty is no condition).
 */
const CollectionFormValues = z
  .object({
    name: z.string(),
    description: z.string(),
    featured: z.boolean(),
    chosenBy: z.enum(['hand', 'rule'], { error: 'Choose how products are chosen' }),
    /** The members in display order, sent as their ids (so a rule on the ids shows here). */
    productIds: z.array(member),
    rule: z.object({
      categoryId: z.string(),
      tag: z.string(),
      minPrice: z.string(),
      maxPrice: z.string(),
      newInDays: z.string(),
    }),
  })
  .transform(
    (form): z.input<typeof AdminCollectionChanges> =>
      form.chosenBy === 'rule'
        ? {
            name: form.name,
            description: form.description,
            featured: form.featured,
            rule: {
              categoryId: numberOrNull(form.rule.categoryId),
              tag: form.rule.tag.trim() === '' ? null : form.rule.tag.trim(),
              minPrice: numberOrNull(form.rule.minPrice),
              maxPrice: numberOrNull(form.rule.maxPrice),
              newInDays: numberOrNull(form.rule.newInDays),
            },
          }
        : {
            name: form.name,
            description: form.description,
            featured: form.featured,
            rule: null,
            productIds: form.productIds.map((each) => each.id),
          },
  )
  // Each rule on what the form sets (a name is always sent, so it is required), and nothing more:
  // an edit leaves the picture and the place in the list as they are.
  .pipe(AdminCollectionChanges);

export const checkCollectionForm = zodResolver(CollectionFormValues);

/** "Find a product to add": the shared list query's search words. */
export const checkProductFinder = zodResolver(AdminProductQuery.pick({ q: true }));
