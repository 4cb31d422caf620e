import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PostalAddress } from './postal-address';

const address = {
  fullName: 'Asha Verma',
  address: 'Flat 7B, Sea View Apartments, Hill Road, Bandra West',
  city: 'Mumbai',
  postalCode: '400050',
  phone: '9876543210',
};

afterEach(cleanup);

describe('PostalAddress (order pages, packing slip)', () => {
  it('prints the State after the city', () => {
    render(<PostalAddress address={{ ...address, state: 'Maharashtra' }} />);
    expect(screen.getByText('Mumbai, Maharashtra - 400050')).toBeTruthy();
    expect(screen.getByText('Phone: 9876543210')).toBeTruthy();
  });

  it('prints an address from before the State as it always did', () => {
    render(<PostalAddress address={address} />);
    expect(screen.getByText('Mumbai - 400050')).toBeTruthy();
  });
});
