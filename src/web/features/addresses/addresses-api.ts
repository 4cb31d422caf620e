import type { AddressInput } from '../../../shared/address-rules';
import type { AddressRecord, LegacyAddress } from '../../../shared/api/addresses';
import { apiRequest, parsedAnswer } from '../../api/client';

// The schemas (and Zod) load with the first answer, not with the pages (docs/performance.md).
const addressSchemas = () => import('../../../shared/api/addresses');
const addressAnswer = async (answer: Promise<unknown>) =>
  (
    await parsedAnswer(
      addressSchemas().then((schemas) => schemas.AddressResponse),
      answer,
    )
  ).data;

/** Every /addresses call of SPEC 7. */
export const addressesApi = {
  list: async (): Promise<AddressRecord[]> =>
    (
      await parsedAnswer(
        addressSchemas().then((schemas) => schemas.AddressListResponse),
        apiRequest<unknown>('/addresses'),
      )
    ).data,
  getDefault: async (): Promise<AddressRecord | null> =>
    (
      await parsedAnswer(
        addressSchemas().then((schemas) => schemas.DefaultAddressResponse),
        apiRequest<unknown>('/addresses/default'),
      )
    ).data,
  get: (id: number): Promise<AddressRecord> => addressAnswer(apiRequest<unknown>(`/addresses/${id}`)),
  create: (input: AddressInput): Promise<AddressRecord> =>
    addressAnswer(apiRequest<unknown>('/addresses', { method: 'POST', body: input })),
  update: (id: number, input: AddressInput): Promise<AddressRecord> =>
    addressAnswer(apiRequest<unknown>(`/addresses/${id}`, { method: 'PUT', body: input })),
  setDefault: (id: number): Promise<AddressRecord> =>
    addressAnswer(apiRequest<unknown>(`/addresses/${id}/default`, { method: 'PUT' })),
  remove: async (id: number): Promise<void> => {
    await apiRequest<unknown>(`/addresses/${id}`, { method: 'DELETE' });
  },
  legacyFormat: async (): Promise<LegacyAddress[]> =>
    (
      await parsedAnswer(
        addressSchemas().then((schemas) => schemas.LegacyAddressListResponse),
        apiRequest<unknown>('/addresses/legacy/format'),
      )
    ).data,
};

export type AddressesApi = typeof addressesApi;
