import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors } from 'react-hook-form';
import { ShippingAddress } from '../../../shared/address';
import type { AddressForm } from '../../../shared/address-rules';

// The address modal's checks, the schema the server runs on an order's address (ShippingAddress:
// the fields' limits, then SPEC 5's rules): address-modal.tsx loads this module at the form's
// first focus (decision 0088). What was typed is saved; the server trims it itself.
const checkShippingAddress = zodResolver(ShippingAddress, undefined, { raw: true });

/**
 * SPEC 5's rules speak for the whole form, one message in the red box: the schema's issue without
 * a field becomes the form's root error.
 */
export const checkAddress: typeof checkShippingAddress = async (values, context, options) => {
  const result = await checkShippingAddress(values, context, options);
  const { '': whole, ...fields }: Record<string, FieldErrors<AddressForm>['root']> = result.errors;
  if (!whole) return result;
  return { values: {}, errors: { ...fields, root: whole } };
};
