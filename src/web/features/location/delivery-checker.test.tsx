import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALID_PINCODE_DELIVERY } from '../../../shared/delivery-rules';
import { BANGALORE_DELIVERY, UNSERVED_DELIVERY } from '../../testing/delivery-fixtures';
import { DeliveryChecker } from './delivery-checker';
import { LocationButton } from './location-button';
import { DELIVERY_INFO_KEY, SELECTED_PINCODE_KEY } from './location-store';
import { resetLocationForTests } from './use-location-state';

const bangalore = BANGALORE_DELIVERY;
const andaman = UNSERVED_DELIVERY;

/** The network edge only: a stand-in for the store's /api answering like the real server. */
function serveApi({ down = false } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (down) throw new TypeError('Failed to fetch');
    const url = new URL(String(input));
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/pincodes/check/560001') return json(bangalore);
    if (url.pathname === '/api/pincodes/check/744101') return json(andaman);
    if (url.pathname === '/api/pincodes/check/999999') return json(INVALID_PINCODE_DELIVERY);
    if (url.pathname === '/api/pincodes/shipping/560001') {
      const free = Number(url.searchParams.get('orderValue')) >= 1000;
      return json({ cost: free ? 0 : 50, free, message: free ? 'Free shipping' : '₹50 shipping charge' });
    }
    return new Response('{"message":"Not found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderWithQuery(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

beforeEach(() => {
  localStorage.clear();
  resetLocationForTests();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetLocationForTests();
});

describe('DeliveryChecker', () => {
  it('keeps digits only, at most 6, and enables Check only at 6 digits', async () => {
    serveApi();
    const user = userEvent.setup();
    renderWithQuery(<DeliveryChecker />);
    const field = screen.getByLabelText<HTMLInputElement>('Pincode');
    const check = screen.getByRole('button', { name: 'Check' });
    expect(check).toHaveProperty('disabled', true);
    await user.type(field, '56a0 0');
    expect(field.value).toBe('5600');
    expect(check).toHaveProperty('disabled', true);
    await user.type(field, '1-99');
    expect(field.value).toBe('560019');
    expect(check).toHaveProperty('disabled', false);
  });

  it("says 'Please enter a valid 6-digit pincode' when submitted short, and asks no server", async () => {
    const fetchMock = serveApi();
    const user = userEvent.setup();
    renderWithQuery(<DeliveryChecker />);
    const field = screen.getByLabelText<HTMLInputElement>('Pincode');
    await user.type(field, '5600');
    fireEvent.submit(field.form!);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid 6-digit pincode');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(field, '1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows city, days, the Express badge and the shipping message, and remembers the pincode', async () => {
    serveApi();
    const user = userEvent.setup();
    renderWithQuery(<DeliveryChecker />);
    await user.type(screen.getByLabelText('Pincode'), '560001');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    expect(await screen.findByText('Delivering to Bengaluru (560001)')).toBeTruthy();
    expect(screen.getByText('Today')).toBeTruthy();
    expect(screen.getByText('(Express)')).toBeTruthy();
    // Read aloud and copied as words, not 'Today(Express)'.
    expect(screen.getByText('Today').parentElement?.textContent).toBe('Estimated delivery: Today (Express)');
    expect(screen.getByText('₹50 shipping charge')).toBeTruthy();
    expect(localStorage.getItem(SELECTED_PINCODE_KEY)).toBe('560001');
    expect(JSON.parse(localStorage.getItem(DELIVERY_INFO_KEY) ?? 'null')).toEqual(bangalore);
  });

  it('clears the result when the pincode is edited below 6 digits', async () => {
    serveApi();
    const user = userEvent.setup();
    renderWithQuery(<DeliveryChecker />);
    const field = screen.getByLabelText('Pincode');
    await user.type(field, '560001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText('Delivering to Bengaluru (560001)');

    await user.type(field, '{Backspace}');
    expect(screen.queryByText('Delivering to Bengaluru (560001)')).toBeNull();
    expect(localStorage.getItem(SELECTED_PINCODE_KEY)).toBeNull();
  });

  it('quotes shipping for the order value: free from ₹1,000', async () => {
    serveApi();
    const user = userEvent.setup();
    renderWithQuery(<DeliveryChecker orderValue={1200} />);
    await user.type(screen.getByLabelText('Pincode'), '560001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Free shipping')).toBeTruthy();
  });

  it('shows the pre-order window for a pre-order product', async () => {
    serveApi();
    const user = userEvent.setup();
    renderWithQuery(<DeliveryChecker productIsPreOrder />);
    await user.type(screen.getByLabelText('Pincode'), '560001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('10-15 Days')).toBeTruthy();
    expect(screen.queryByText('(Express)')).toBeNull();
  });

  it("says 'Not deliverable to {pincode}' in the full view and 'Not available' in the compact one", async () => {
    serveApi();
    const user = userEvent.setup();
    renderWithQuery(<DeliveryChecker />);
    await user.type(screen.getByLabelText('Pincode'), '744101');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Not deliverable to 744101')).toBeTruthy();
    expect(screen.getByText("Sorry, we don't deliver to this pincode yet")).toBeTruthy();
    cleanup();

    renderWithQuery(<DeliveryChecker compact />);
    await user.type(screen.getByLabelText('Pincode'), '744101');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Not available')).toBeTruthy();
  });

  it('keeps a pincode it cannot deliver to in the field, never in the header or the store', async () => {
    serveApi();
    const user = userEvent.setup();
    renderWithQuery(
      <>
        <LocationButton />
        <DeliveryChecker />
      </>,
    );
    const field = screen.getByLabelText('Pincode');
    await user.type(field, '560001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('button', { name: 'Deliver to Bengaluru 560001' })).toBeTruthy();

    await user.clear(field);
    await user.type(field, '744101');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    expect(await screen.findByText('Not deliverable to 744101')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('744101');
    expect(screen.getByRole('button', { name: 'Select delivery location' })).toBeTruthy();
    expect(localStorage.getItem(SELECTED_PINCODE_KEY)).toBeNull();
  });

  it('reports a failed check and shows the standard estimate', async () => {
    serveApi({ down: true });
    const user = userEvent.setup();
    renderWithQuery(<DeliveryChecker />);
    await user.type(screen.getByLabelText('Pincode'), '560001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error checking pincode. Please try again.');
    expect(
      screen.getByText(/Orders to Bengaluru \(560001\) are usually delivered in 3-7 business days\./),
    ).toBeTruthy();
    expect(screen.getByText(/Shipping calculated at checkout/)).toBeTruthy();
  });
});

describe('LocationButton and the delivery-location modal', () => {
  it('checks a pincode, closes on a serviceable one, and can clear it', async () => {
    serveApi();
    const user = userEvent.setup();
    renderWithQuery(<LocationButton />);
    await user.click(screen.getByRole('button', { name: 'Select delivery location' }));

    // The dialog opens at once; its form follows with its code.
    const dialog = screen.getByRole('dialog', { name: 'Select Delivery Location' });
    const checkDelivery = await screen.findByRole('button', { name: 'Check Delivery' });
    expect(checkDelivery).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Pincode'), '560001');
    await user.click(checkDelivery);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dialog.isConnected).toBe(false);
    const button = screen.getByRole('button', { name: 'Deliver to Bengaluru 560001' });

    await user.click(button);
    expect(screen.getByText('Bengaluru – 560001')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Select delivery location' })).toBeTruthy();
    expect(localStorage.getItem(SELECTED_PINCODE_KEY)).toBeNull();
  });

  it('stays open with the spec message for a pincode it cannot deliver to', async () => {
    serveApi();
    const user = userEvent.setup();
    renderWithQuery(<LocationButton />);
    await user.click(screen.getByRole('button', { name: 'Select delivery location' }));
    await user.type(await screen.findByLabelText('Pincode'), '744101');
    await user.click(screen.getByRole('button', { name: 'Check Delivery' }));
    expect(await screen.findByText("Sorry, we don't deliver to this pincode yet")).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Select Delivery Location' })).toBeTruthy();
  });

  it('never makes a pincode outside the directory the location: the header keeps the one before', async () => {
    serveApi();
    const user = userEvent.setup();
    renderWithQuery(<LocationButton />);
    await user.click(screen.getByRole('button', { name: 'Select delivery location' }));
    await user.type(await screen.findByLabelText('Pincode'), '560001');
    await user.click(screen.getByRole('button', { name: 'Check Delivery' }));
    await user.click(await screen.findByRole('button', { name: 'Deliver to Bengaluru 560001' }));

    await user.type(screen.getByLabelText('Pincode'), '999999');
    await user.click(screen.getByRole('button', { name: 'Check Delivery' }));

    expect(await screen.findByText('Not deliverable to 999999')).toBeTruthy();
    expect(screen.getByText("Sorry, we don't deliver to this pincode yet")).toBeTruthy();
    expect(screen.getByText('Bengaluru – 560001')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Deliver to Bengaluru 560001' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /999999/ })).toBeNull();
    expect(localStorage.getItem(SELECTED_PINCODE_KEY)).toBe('560001');
  });
});
