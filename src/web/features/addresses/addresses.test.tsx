import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_LIMITS, type AddressInput, type CheckoutAddress } from '../../../shared/address';
import type { AddressRecord } from '../../../shared/api/addresses';
import { SESSION_EXPIRED_EVENT } from '../../../shared/auth';
import { PHONE_INPUT_MAX } from '../../../shared/phone';
import { ApiError, TOKEN_STORAGE_KEY } from '../../api/client';
import { addressErrorMessage } from './address-errors';
import { AddressModal } from './address-modal';
import { localAddressesKey, migrateLocalAddresses } from './local-addresses';
import { resetAddressMigrationForTests, useSavedAddresses } from './use-addresses';

// The store's pincode directory as GET /api/pincodes/city answers for these pincodes.
const DIRECTORY: Record<string, { city: string; state: string }> = {
  '560001': { city: 'Bengaluru', state: 'Karnataka' },
  '400001': { city: 'Mumbai', state: 'Maharashtra' },
  '700016': { city: 'Kolkata', state: 'West Bengal' },
};

/** The network edge only: an in-memory /api/addresses that answers like the real server. */
function serveAddresses({ status }: { status?: number } = {}) {
  const saved: AddressRecord[] = [];
  const bodies: AddressInput[] = [];
  let nextId = 1;
  const json = (body: unknown, code = 200) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (status) return json({ message: 'Refused' }, status);
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const pincode = /^\/api\/pincodes\/city\/(\d{6})$/.exec(url.pathname)?.[1];
    if (pincode) {
      const place = DIRECTORY[pincode];
      return place ? json(place) : json({ message: 'We could not find this pincode' }, 404);
    }
    if (url.pathname === '/api/addresses' && method === 'GET') return json({ data: saved });
    if (url.pathname === '/api/addresses' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as AddressInput;
      bodies.push(body);
      const record: AddressRecord = {
        id: nextId++,
        full_name: body.fullName,
        address_line_1: body.addressLine1,
        address_line_2: body.addressLine2,
        city: body.city,
        state: body.state,
        postal_code: body.postalCode,
        country: body.country,
        phone: body.phone,
        is_default: saved.length === 0 || body.isDefault,
        address_type: body.addressType,
        created_at: '2025-10-20T10:00:00.000Z',
        updated_at: '2025-10-20T10:00:00.000Z',
      };
      saved.push(record);
      return json({ data: record }, 201);
    }
    const match = /^\/api\/addresses\/(\d+)$/.exec(url.pathname);
    if (match && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as AddressInput;
      bodies.push(body);
      const record = saved.find((address) => address.id === Number(match[1]));
      if (!record) return json({ message: 'Address not found' }, 404);
      Object.assign(record, {
        full_name: body.fullName,
        address_line_1: body.addressLine1,
        city: body.city,
        state: body.state,
      });
      return json({ data: record });
    }
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { saved, bodies, fetchMock };
}

function LoginProbe() {
  const location = useLocation();
  return <p>Login page: {(location.state as { message?: string } | null)?.message}</p>;
}

function ModalHarness({
  address = null,
  verifiedPhone = null,
}: {
  address?: CheckoutAddress | null;
  verifiedPhone?: string | null;
}) {
  const [open, setOpen] = useState(true);
  const [saved, setSaved] = useState<CheckoutAddress | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {saved && <p>Saved {saved.fullName}</p>}
      <AddressModal
        isOpen={open}
        onClose={() => setOpen(false)}
        address={address}
        onSaved={setSaved}
        verifiedPhone={verifiedPhone}
      />
    </>
  );
}

function renderWithApp(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/checkout', element },
      { path: '/login', element: <LoginProbe /> },
    ],
    { initialEntries: ['/checkout'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saveRequests = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

async function fillForm(values: Partial<Record<string, string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
  return user;
}

const complete = {
  'Full Name': 'Priya Sharma',
  Address: '12, MG Road',
  City: 'Bengaluru',
  'Postal Code': '560001',
  'Phone Number': '9876543210',
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  resetAddressMigrationForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AddressModal (SPEC 2, SPEC 5)', () => {
  it('stops each text field at the length the server takes (the shared ADDRESS_LIMITS)', async () => {
    serveAddresses();
    renderWithApp(<ModalHarness />);
    expect(field('Full Name').maxLength).toBe(ADDRESS_LIMITS.fullName);
    expect(field('Address').maxLength).toBe(ADDRESS_LIMITS.addressLine);
    expect(field('City').maxLength).toBe(ADDRESS_LIMITS.city);
    // 114 characters typed: the field keeps the first 100, so the server never refuses the length.
    await fillForm({ City: 'Thiruvananthapuram '.repeat(6) });
    expect(field('City').value).toBe('Thiruvananthapuram '.repeat(6).slice(0, ADDRESS_LIMITS.city));
  });

  it('adds an address with the SPEC 2 words and hands the saved address back', async () => {
    const server = serveAddresses();
    renderWithApp(<ModalHarness />);
    expect(screen.getByRole('heading', { name: 'Add New Address' })).toBeTruthy();
    expect(screen.getByText('Please fill in your delivery address details')).toBeTruthy();
    expect(field('Address').tagName).toBe('TEXTAREA');
    expect(field('Postal Code').maxLength).toBe(6);
    // Room for '+91 98765 43210'; the 10 digits are what is kept.
    expect(field('Phone Number').maxLength).toBe(PHONE_INPUT_MAX);
    const user = await fillForm(complete);
    // The directory fills the State; the City the shopper typed stays theirs.
    await waitFor(() => expect(field('State').value).toBe('Karnataka'));
    expect(field('City').value).toBe('Bengaluru');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Saved Priya Sharma')).toBeTruthy();
    expect(server.bodies).toEqual([
      {
        fullName: 'Priya Sharma',
        addressLine1: '12, MG Road',
        addressLine2: '',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560001',
        phone: '9876543210',
        country: 'India',
        isDefault: false,
        addressType: 'home',
      },
    ]);
  });

  it.each([
    { change: { Address: '   ' }, message: 'Please fill in all required fields' },
    { change: { 'Phone Number': '98765' }, message: 'Please enter a valid 10-digit phone number' },
    { change: { 'Postal Code': '5600' }, message: 'Please enter a valid 6-digit postal code' },
  ])('refuses the form with "$message", and editing a field clears it', async ({ change, message }) => {
    const server = serveAddresses();
    renderWithApp(<ModalHarness />);
    const user = await fillForm({ ...complete, ...change });
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(saveRequests(server.fetchMock)).toEqual([]);
    await user.type(field('Full Name'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves a phone typed as +91 98765 43210 as 9876543210', async () => {
    const server = serveAddresses();
    renderWithApp(<ModalHarness />);
    const user = await fillForm({ ...complete, 'Phone Number': '+91 98765 43210' });
    expect(field('Phone Number').value).toBe('+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Saved Priya Sharma')).toBeTruthy();
    expect(server.bodies[0]?.phone).toBe('9876543210');
  });

  it('fills City and State from the pincode at its sixth digit, and keeps a city the shopper typed', async () => {
    const server = serveAddresses();
    renderWithApp(<ModalHarness />);
    const user = await fillForm({ 'Postal Code': '56000' });
    expect(server.fetchMock).not.toHaveBeenCalled();
    await user.type(field('Postal Code'), '1');
    await waitFor(() => expect(field('City').value).toBe('Bengaluru'));
    expect(field('State').value).toBe('Karnataka');

    // The shopper's own city stays when the pincode changes; the filled State follows the pincode.
    await fillForm({ City: 'Whitefield', 'Postal Code': '400001' });
    await waitFor(() => expect(field('State').value).toBe('Maharashtra'));
    expect(field('City').value).toBe('Whitefield');

    // Still editable by hand.
    await user.selectOptions(field('State'), 'Goa');
    expect(field('State').value).toBe('Goa');
  });

  it("reads 'Saving...' and is disabled while the address is saved", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithApp(<ModalHarness />);
    const user = await fillForm(complete);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
  });

  it('clears the form when closed while adding', async () => {
    serveAddresses();
    renderWithApp(<ModalHarness />);
    const user = await fillForm({ 'Full Name': 'Half typed' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(field('Full Name').value).toBe('');
  });

  it('starts a new address with the verified mobile number, and again after closing', async () => {
    serveAddresses();
    renderWithApp(<ModalHarness verifiedPhone="9876543210" />);
    expect(field('Phone Number').value).toBe('9876543210');
    const user = await fillForm({ 'Phone Number': '9123456789' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(field('Phone Number').value).toBe('9876543210');
  });

  it('edits an address: its fields, Update Address, and kept as typed after closing', async () => {
    const server = serveAddresses();
    server.saved.push({
      id: 9,
      full_name: 'Old',
      address_line_1: '1 Park St',
      address_line_2: '',
      city: 'Kolkata',
      state: '',
      postal_code: '700016',
      country: 'India',
      phone: '9876543210',
      is_default: true,
      address_type: 'home',
      created_at: '',
      updated_at: '',
    });
    const editing: CheckoutAddress = {
      id: 9,
      fullName: 'Old',
      address: '1 Park St',
      city: 'Kolkata',
      postalCode: '700016',
      phone: '9876543210',
      isDefault: true,
    };
    renderWithApp(<ModalHarness address={editing} />);
    expect(screen.getByRole('heading', { name: 'Edit Address' })).toBeTruthy();
    expect(field('City').value).toBe('Kolkata');
    const user = await fillForm({ 'Full Name': 'New Name' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(field('Full Name').value).toBe('New Name');
    await user.click(screen.getByRole('button', { name: 'Update Address' }));
    expect(await screen.findByText('Saved New Name')).toBeTruthy();
    expect(server.bodies[0]).toMatchObject({ fullName: 'New Name', isDefault: true });
  });

  it("asks a logged-out shopper to log in: 'Please log in to save addresses'", async () => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    const server = serveAddresses();
    renderWithApp(<ModalHarness />);
    const user = await fillForm(complete);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please log in to save addresses');
    expect(saveRequests(server.fetchMock)).toEqual([]);
  });

  it("shows 'Failed to save address: {message}' when the server refuses", async () => {
    serveAddresses({ status: 409 });
    renderWithApp(<ModalHarness />);
    const user = await fillForm(complete);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save address: Refused');
  });

  it('on 401 removes the token, signs out and sends the shopper to /login', async () => {
    serveAddresses({ status: 401 });
    const expired = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    const router = renderWithApp(<ModalHarness />);
    const user = await fillForm(complete);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Login page: Session expired. Please login again.')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(expired).toHaveBeenCalled();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/checkout' } });
    window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
  });
});

function SavedList({ userId }: { userId: number }) {
  const { addresses, loading } = useSavedAddresses(userId);
  if (loading) return <p>Loading addresses...</p>;
  return (
    <ul>
      {addresses.map((address) => (
        <li key={address.id}>
          {address.fullName}
          {address.isDefault ? ' (default)' : ''}
        </li>
      ))}
    </ul>
  );
}

describe('moving locally saved addresses to the server (SPEC 4)', () => {
  const local = [
    {
      id: 1,
      fullName: 'Home',
      address: '1 MG Road',
      city: 'Pune',
      postalCode: '411001',
      phone: '9876543210',
      isDefault: false,
    },
    {
      id: 2,
      fullName: 'Broken',
      address: '',
      city: 'Pune',
      postalCode: '411001',
      phone: '9876543210',
      isDefault: true,
    },
    {
      id: 3,
      fullName: 'Office',
      address: '2 FC Road',
      city: 'Pune',
      postalCode: 411004,
      phone: '98765-43211',
    },
  ];

  it('creates them one by one, the first as default, skips broken ones and removes the local copy', async () => {
    localStorage.setItem(localAddressesKey(5), JSON.stringify(local));
    const created: AddressInput[] = [];
    const count = await migrateLocalAddresses({
      userId: 5,
      storage: localStorage,
      create: async (input) => created.push(input),
    });
    expect(count).toBe(2);
    expect(created.map((input) => [input.fullName, input.isDefault, input.postalCode, input.phone])).toEqual([
      ['Home', true, '411001', '9876543210'],
      ['Office', false, '411004', '9876543211'],
    ]);
    expect(localStorage.getItem('addresses_5')).toBeNull();
  });

  it('keeps what is left locally when the server fails part-way', async () => {
    localStorage.setItem(localAddressesKey(5), JSON.stringify(local));
    let calls = 0;
    const create = async () => {
      calls += 1;
      if (calls === 2) throw new Error('down');
    };
    await expect(migrateLocalAddresses({ userId: 5, storage: localStorage, create })).rejects.toThrow('down');
    const left = JSON.parse(localStorage.getItem('addresses_5') ?? '[]') as { fullName: string }[];
    expect(left.map((entry) => entry.fullName)).toEqual(['Office']);
  });

  it('runs when the server has no addresses, once per user', async () => {
    const server = serveAddresses();
    localStorage.setItem(localAddressesKey(5), JSON.stringify(local));
    renderWithApp(<SavedList userId={5} />);
    expect(await screen.findByText('Home (default)')).toBeTruthy();
    expect(screen.getByText('Office')).toBeTruthy();
    expect(localStorage.getItem('addresses_5')).toBeNull();
    expect(server.saved).toHaveLength(2);
  });

  it('leaves local addresses alone when the server already has some', async () => {
    const server = serveAddresses();
    server.saved.push({
      id: 40,
      full_name: 'Server Home',
      address_line_1: '5 Brigade Rd',
      address_line_2: '',
      city: 'Bengaluru',
      state: '',
      postal_code: '560025',
      country: 'India',
      phone: '9876543210',
      is_default: true,
      address_type: 'home',
      created_at: '',
      updated_at: '',
    });
    localStorage.setItem(localAddressesKey(5), JSON.stringify(local));
    renderWithApp(<SavedList userId={5} />);
    expect(await screen.findByText('Server Home (default)')).toBeTruthy();
    await waitFor(() => expect(server.fetchMock).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('addresses_5')).not.toBeNull();
  });
});

describe('address service errors (SPEC 8)', () => {
  it('give the server message, else a generic one, and name an expired session and a lost connection', () => {
    expect(addressErrorMessage(new ApiError(409, 'You can save up to 20 addresses'))).toBe(
      'You can save up to 20 addresses',
    );
    expect(addressErrorMessage(new ApiError(502, ''))).toBe('An error occurred');
    expect(addressErrorMessage(new ApiError(401, 'Unauthorized'))).toBe(
      'Session expired. Please login again.',
    );
    expect(addressErrorMessage(new ApiError(0, 'Network error. Please check your connection.'))).toBe(
      'Network error. Please check your connection.',
    );
    expect(addressErrorMessage(new TypeError('x is undefined'))).toBe('An unexpected error occurred');
  });
});
