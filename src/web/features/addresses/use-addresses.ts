import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type AddressForm,
  addressFormToInput,
  type CheckoutAddress,
  savedAddressToForm,
} from '../../../shared/address-rules';
import type { AddressRecord } from '../../../shared/api/addresses';
import { browserStorage } from '../../browser-storage';
import { isSessionExpired, useSessionExpiry } from './address-errors';
import { addressesApi } from './addresses-api';

export const ADDRESSES_QUERY_KEY = ['addresses'] as const;

// Users whose local addresses were looked at in this page's life: the migration runs once each.
const migrationTried = new Set<number>();

/** Test hook: forget which users were migrated. */
export const resetAddressMigrationForTests = () => migrationTried.clear();

/** GET /addresses, moving addresses saved in the browser to the server the first time (SPEC 4). */
async function loadAddresses(userId: number): Promise<AddressRecord[]> {
  const saved = await addressesApi.list();
  const storage = browserStorage();
  if (saved.length > 0 || !storage || migrationTried.has(userId)) return saved;
  migrationTried.add(userId);
  try {
    // Zod, which reads the old entries, loads only for this one-off move (docs/performance.md).
    const { migrateLocalAddresses } = await import('./local-addresses');
    const created = await migrateLocalAddresses({ userId, storage, create: addressesApi.create });
    return created > 0 ? addressesApi.list() : saved;
  } catch (error) {
    // A failed migration keeps what is left locally and must not hide the addresses themselves.
    if (isSessionExpired(error)) throw error;
    return addressesApi.list();
  }
}

/**
 * The signed-in user's saved addresses in the checkout shape (SPEC 3), default first. The page
 * passes the user id (null when logged out: the list is empty, SPEC 4 "logout clears them").
 */
export function useSavedAddresses(userId: number | null) {
  const onSessionExpired = useSessionExpiry();
  const query = useQuery({
    queryKey: [...ADDRESSES_QUERY_KEY, userId],
    queryFn: () => loadAddresses(userId as number),
    enabled: userId !== null,
    retry: (failures, error) => !isSessionExpired(error) && failures < 1,
  });

  useEffect(() => {
    if (query.error) onSessionExpired(query.error);
  }, [query.error, onSessionExpired]);

  const records = userId === null ? [] : (query.data ?? []);
  return {
    addresses: records.map(savedAddressToForm),
    records,
    loading: userId !== null && query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/** SPEC 4: the default address, else the first, else none. */
export const initialAddress = (addresses: CheckoutAddress[]): CheckoutAddress | null =>
  addresses.find((address) => address.isDefault) ?? addresses[0] ?? null;

/** Saving, choosing the default and deleting; each refreshes the list and handles a 401. */
export function useAddressMutations() {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiry();
  const options = {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
    onError: (error: unknown) => {
      onSessionExpired(error);
    },
  };
  const save = useMutation({
    mutationFn: ({ form, editing }: { form: AddressForm; editing: CheckoutAddress | null }) =>
      editing
        ? addressesApi.update(editing.id, addressFormToInput(form, editing.isDefault))
        : addressesApi.create(addressFormToInput(form)),
    ...options,
  });
  const setDefault = useMutation({ mutationFn: (id: number) => addressesApi.setDefault(id), ...options });
  const remove = useMutation({ mutationFn: (id: number) => addressesApi.remove(id), ...options });
  return {
    save: (form: AddressForm, editing: CheckoutAddress | null = null) => save.mutateAsync({ form, editing }),
    setDefault: (id: number) => setDefault.mutateAsync(id),
    remove: (id: number) => remove.mutateAsync(id),
    busy: save.isPending || setDefault.isPending || remove.isPending,
  };
}
