import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ParcelSize } from '../../../shared/parcel';

// The Ship dialog's checks, with Zod and the shared ParcelSize the server runs on the booking:
// ship-dialog.tsx loads this module when the dialog's form is first focused or checked (decision 0088).

// An empty box is no number at all, so the shared rule's message says what to enter.
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

const ParcelTexts = z
  .object({ weightGrams: z.string(), lengthCm: z.string(), breadthCm: z.string(), heightCm: z.string() })
  .transform((texts) => ({
    weightGrams: numberOf(texts.weightGrams),
    lengthCm: numberOf(texts.lengthCm),
    breadthCm: numberOf(texts.breadthCm),
    heightCm: numberOf(texts.heightCm),
  }))
  .pipe(ParcelSize);

export const checkShipParcel = zodResolver(ParcelTexts);
