import type { AddressForm } from '../../../shared/address';
import { CityResponse } from '../../../shared/api/delivery';
import { apiRequest } from '../../api/client';

/** What the store's pincode directory says of a pincode: its city and State ('' when unknown). */
export type PincodePlace = CityResponse;
export type FilledPlace = { city: string; state: string };

export const NOTHING_FILLED: FilledPlace = { city: '', state: '' };

/** GET /pincodes/city/:pincode; null when the directory does not list it or the store cannot say. */
export async function lookUpPincodePlace(pincode: string): Promise<PincodePlace | null> {
  try {
    return CityResponse.parse(await apiRequest<unknown>(`/pincodes/city/${encodeURIComponent(pincode)}`));
  } catch {
    return null;
  }
}

/**
 * City and State from the pincode directory, without overwriting what the shopper typed.
 * A field is filled when it is blank or still holds what the last lookup put there (the shopper
 * corrected the pincode); anything else is the shopper's own and stays.
 */
export function fillFromPincode(
  form: AddressForm,
  place: PincodePlace,
  lastFilled: FilledPlace,
): AddressForm {
  const ours = (value: string, filled: string) => value.trim() === '' || value === filled;
  return {
    ...form,
    city: place.city && ours(form.city, lastFilled.city) ? place.city : form.city,
    state: place.state && ours(form.state ?? '', lastFilled.state) ? place.state : form.state,
  };
}
