import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { bulkEnquiryPath } from '../../../shared/cart-rules';
import { QuantityStepper } from './quantity-stepper';

function Stepper({ start }: { start: number }) {
  const [value, setValue] = useState(start);
  return (
    <QuantityStepper value={value} min={1} onChange={setValue} bulkPath={bulkEnquiryPath('Silk Potli Bag')} />
  );
}

const renderStepper = (start: number) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element: <Stepper start={start} /> }], {
        initialEntries: ['/product/silk-potli-bag-35'],
      })}
    />,
  );

afterEach(cleanup);

describe('QuantityStepper (SPEC 5, decision 0080)', () => {
  it('at 10 says why it stops and offers a bulk price for the product and 20 pieces', async () => {
    const user = userEvent.setup();
    renderStepper(9);
    expect(screen.queryByRole('link', { name: 'Need more? Get a bulk price' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('status', { name: 'Quantity' }).textContent).toBe('10');
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText(/^A cart takes up to 10 of one product\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Need more? Get a bulk price' }).getAttribute('href')).toBe(
      '/bulk-orders?product=Silk+Potli+Bag&quantity=20',
    );

    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(screen.queryByRole('link', { name: 'Need more? Get a bulk price' })).toBeNull();
  });
});
