import type { AddressInput } from '../../../shared/address';
import {
  AddressListResponse,
  type AddressRecord,
  AddressResponse,
  DefaultAddressResponse,
  type LegacyAddress,
  LegacyAddressListResponse,
} from '../../../shared/api/addresses';
import { apiRequest } from '../../api/client';

/** Every /addresses call of SPEC 7. */
export const addressesApi = {
  list: async (): Promise<AddressRecord[]> =>
    AddressListResponse.parse(await apiRequest<unknown>('/addresses')).data,
  getDefault: async (): Promise<AddressRecord | null> =>
    DefaultAddressResponse.parse(await apiRequest<unknown>('/addresses/default')).data,
  get: async (id: number): Promise<AddressRecord> =>
    AddressResponse.parse(await apiRequest<unknown>(`/addresses/${id}`)).data,
  create: async (input: AddressInput): Promise<AddressRecord> =>
    AddressResponse.parse(await apiRequest<unknown>('/addresses', { method: 'POST', body: input })).data,
  update: async (id: number, input: AddressInput): Promise<AddressRecord> =>
    AddressResponse.parse(await apiRequest<unknown>(`/addresses/${id}`, { method: 'PUT', body: input })).data,
  setDefault: async (id: number): Promise<AddressRecord> =>
    AddressResponse.parse(await apiRequest<unknown>(`/addresses/${id}/default`, { method: 'PUT' })).data,
  remove: async (id: number): Promise<void> => {
    await apiRequest<unknown>(`/addresses/${id}`, { method: 'DELETE' });
  },
  legacyFormat: async (): Promise<LegacyAddress[]> =>
    LegacyAddressListResponse.parse(await apiRequest<unknown>('/addresses/legacy/format')).data,
};

export type AddressesApi = typeof addressesApi;
