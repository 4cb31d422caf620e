import { useQuery } from '@tanstack/react-query';
import { type CheckoutAddress, isValidPostalCode } from '../../../shared/address-rules';
import { PINCODE_CACHE_TTL_MS } from '../../../shared/pincode';
import type { CheckoutDelivery } from '../../features/checkout/delivery-estimate';
import { getDeliveryLookups } from '../../features/location/use-location-state';

/** SPEC 2: delivery to the chosen address's postal code, through the 5-minute lookup cache. */
export function useCheckoutDelivery(address: CheckoutAddress | null): CheckoutDelivery {
  const postalCode = address && isValidPostalCode(address.postalCode) ? address.postalCode.trim() : null;
  const query = useQuery({
    queryKey: ['checkout', 'delivery', postalCode],
    queryFn: () => getDeliveryLookups().checkDelivery(postalCode ?? ''),
    enabled: postalCode !== null,
    staleTime: PINCODE_CACHE_TTL_MS,
  });
  if (postalCode === null) return { status: 'no-address' };
  if (!query.data) return { status: 'checking', postalCode };
  // The lookup never fails: without the server or a cached answer it hands back defaults.
  if (query.data.source === 'fallback') return { status: 'unknown', postalCode };
  return { status: 'checked', postalCode, info: query.data.value };
}
