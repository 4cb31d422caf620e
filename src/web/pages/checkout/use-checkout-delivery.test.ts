import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutAddress } from '../../../shared/address-rules';
import { resetLocationForTests } from '../../features/location/use-location-state';
import { BANGALORE_DELIVERY } from '../../testing/delivery-fixtures';
import { renderHookWithQueries } from '../../testing/render-hook';
import { useCheckoutDelivery } from './use-checkout-delivery';

const home: CheckoutAddress = {
  id: 3,
  fullName: 'Meera Nair',
  address: '12, MG Road',
  city: 'Bengaluru',
  postalCode: ' 560001 ',
  phone: '9876543210',
  isDefault: true,
};

/** The network edge: the pincode check answers Bengaluru's delivery, or fails with `status`. */
function servePincodeCheck(status = 200) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://store.test');
      asked.push(url.pathname);
      return status === 200
        ? Response.json(BANGALORE_DELIVERY)
        : Response.json({ message: 'Database unavailable' }, { status });
    }),
  );
  return asked;
}

beforeEach(resetLocationForTests);

afterEach(() => {
  cleanup();
  resetLocationForTests();
  vi.unstubAllGlobals();
});

// SPEC 2: checkout promises delivery to the chosen address's postal code.
describe("checkout's delivery to the chosen address", () => {
  it('asks nothing without an address, or for a postal code that is not six digits', () => {
    const asked = servePincodeCheck();
    expect(renderHookWithQueries(useCheckoutDelivery, null).result.current).toEqual({ status: 'no-address' });
    const short = renderHookWithQueries(useCheckoutDelivery, { ...home, postalCode: '5600' });
    expect(short.result.current).toEqual({ status: 'no-address' });
    expect(asked).toEqual([]);
  });

  it("checks the address's postal code, trimmed, and hands on the server's answer", async () => {
    const asked = servePincodeCheck();
    const delivery = renderHookWithQueries(useCheckoutDelivery, home);
    expect(delivery.result.current).toEqual({ status: 'checking', postalCode: '560001' });
    await waitFor(() =>
      expect(delivery.result.current).toEqual({
        status: 'checked',
        postalCode: '560001',
        info: BANGALORE_DELIVERY,
      }),
    );
    expect(asked).toEqual(['/api/pincodes/check/560001']);
  });

  it('promises nothing particular when the check fails and nothing is cached (SPEC 8)', async () => {
    servePincodeCheck(503);
    const delivery = renderHookWithQueries(useCheckoutDelivery, home);
    await waitFor(() => expect(delivery.result.current).toEqual({ status: 'unknown', postalCode: '560001' }));
  });
});
