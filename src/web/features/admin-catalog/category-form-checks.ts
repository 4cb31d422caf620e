import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { AdminCategoryChanges } from '../../../shared/api/admin';
import type { ParcelSize } from '../../../shared/parcel';
import { PARCEL_FIELD_NAMES, type ParcelFormValues } from './product-parcel-fields';

// The category form's checks, with Zod and the shared NewAdminCategory the server runs on what it
// sends: categories-view.tsx loads this module at the form's first focus or check (decision 0088).

const PARCEL_INCOMPLETE = 'Fill in all four parcel figures, or leave them all empty for the built-in default';

/** The form's parcel: null when all four are empty (the built-in default), else the four numbers. */
function parcelOfTexts(texts: ParcelFormValues): ParcelSize | null | 'incomplete' {
  const filled = PARCEL_FIELD_NAMES.filter((name) => texts[name].trim() !== '');
  if (filled.length === 0) return null;
  if (filled.length < PARCEL_FIELD_NAMES.length) return 'incomplete';
  return {
    weightGrams: Number(texts.weightGrams),
    lengthCm: Number(texts.lengthCm),
    breadthCm: Number(texts.breadthCm),
    heightCm: Number(texts.heightCm),
  };
}

const CategoryFormValues = z
  .object({
    name: z.string(),
    description: z.string(),
    sortOrder: z.string(),
    hsnCode: z.string(),
    gstRate: z.string(),
    parcel: z.object({
      weightGrams: z.string(),
      lengthCm: z.string(),
      breadthCm: z.string(),
      heightCm: z.string(),
    }),
  })
  .transform((values, context) => {
    const parcel = parcelOfTexts(values.parcel);
    if (parcel === 'incomplete') {
      context.addIssue({ code: 'custom', path: ['parcel'], message: PARCEL_INCOMPLETE });
      return z.NEVER;
    }
    return {
      name: values.name,
      description: values.description,
      sortOrder: Number(values.sortOrder) || 0,
      hsnCode: values.hsnCode,
      gstRate: Number(values.gstRate),
      parcel,
    };
  })
  // The fields the form sets, each required (the rules a new category is checked by on the server);
  // an edit leaves the category's picture and declarations as they are.
  .pipe(
    AdminCategoryChanges.required().pick({
      name: true,
      description: true,
      sortOrder: true,
      hsnCode: true,
      gstRate: true,
      parcel: true,
    }),
  );

export const checkCategoryForm = zodResolver(CategoryFormValues);
