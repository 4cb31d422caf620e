import { z } from 'zod';
import { AddressInput, SavedAddress } from '../address';

export { AddressInput };

// Ids are Postgres integers; a larger number can only be a bad link, so it is refused up front.
export const AddressIdParams = z.object({
  id: z.coerce
    .number({ error: 'Address id must be a number' })
    .int('Address id must be a whole number')
    .positive('Address id must be positive')
    .max(2_147_483_647, 'Address id is too large'),
});
export type AddressIdParams = z.infer<typeof AddressIdParams>;

/** SPEC 3 "As read back" with the row's timestamps (ISO 8601). */
export const AddressRecord = SavedAddress.extend({
  created_at: z.string(),
  updated_at: z.string(),
});
export type AddressRecord = z.infer<typeof AddressRecord>;

/** GET /addresses. */
export const AddressListResponse = z.object({ data: z.array(AddressRecord) });
export type AddressListResponse = z.infer<typeof AddressListResponse>;

/** GET /addresses/:id, POST, PUT, PUT /:id/default. */
export const AddressResponse = z.object({ data: AddressRecord });
export type AddressResponse = z.infer<typeof AddressResponse>;

/** GET /addresses/default: null while the user has no address. */
export const DefaultAddressResponse = z.object({ data: AddressRecord.nullable() });
export type DefaultAddressResponse = z.infer<typeof DefaultAddressResponse>;

/** SPEC 3 "Old locally saved format", as GET /addresses/legacy/format answers it. */
export const LegacyAddress = z.object({
  id: z.number().int(),
  fullName: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type LegacyAddress = z.infer<typeof LegacyAddress>;

export const LegacyAddressListResponse = z.object({ data: z.array(LegacyAddress) });
export type LegacyAddressListResponse = z.infer<typeof LegacyAddressListResponse>;

export const DeleteAddressResponse = z.object({ success: z.literal(true) });
export type DeleteAddressResponse = z.infer<typeof DeleteAddressResponse>;
