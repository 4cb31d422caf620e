import { z } from 'zod';
import {
  type AddressForm,
  type AddressInput,
  addressFormToInput,
  validateAddressForm,
} from '../../../shared/address-rules';

/**
 * Browser storage key of the addresses an older version of the store kept per user, before they
 * lived on the server: `addresses_<userId>`, a JSON array in SPEC 3's "old locally saved format"
 * (id, fullName, address, city, postalCode, phone, isDefault).
 */
export const localAddressesKey = (userId: number) => `addresses_${userId}`;

const LocalAddress = z.object({
  fullName: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.coerce.string(),
  phone: z.coerce.string(),
  isDefault: z.boolean().optional(),
});

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The well-formed entries saved under the user's key; anything unreadable counts as none. */
export function readLocalAddresses(storage: Storage, userId: number): AddressForm[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(localAddressesKey(userId)) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry) => {
    const result = LocalAddress.safeParse(entry);
    if (!result.success) return [];
    const { fullName, address, city, postalCode, phone } = result.data;
    return [{ fullName, address, city, postalCode, phone }];
  });
}

/**
 * SPEC 4 "Address list" migration: the local addresses are created on the server one by one, the
 * first as default, and the local copy shrinks after each, so a failure part-way never creates one
 * twice. Entries that no longer pass the address rules are dropped. Answers how many were created.
 */
export async function migrateLocalAddresses({
  userId,
  storage,
  create,
}: {
  userId: number;
  storage: Storage;
  create(input: AddressInput): Promise<unknown>;
}): Promise<number> {
  const key = localAddressesKey(userId);
  const remaining = readLocalAddresses(storage, userId);
  let created = 0;
  while (remaining.length > 0) {
    const next = remaining[0] as AddressForm;
    if (validateAddressForm(next) === null) {
      await create(addressFormToInput(next, created === 0));
      created += 1;
    }
    remaining.shift();
    if (remaining.length > 0) storage.setItem(key, JSON.stringify(remaining));
  }
  storage.removeItem(key);
  return created;
}
