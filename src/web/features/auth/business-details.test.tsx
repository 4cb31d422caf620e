import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GSTIN_MESSAGE, gstinCheckCharacter } from '../../../shared/gstin';
import { BusinessDetailsForm } from './business-details';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FIRST14 = '27AAPFU0939F1Z';
const GSTIN = `${FIRST14}${gstinCheckCharacter(FIRST14)}`;

function renderForm() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { gstin: string; legalName: string };
        sent.push(body);
        return new Response(JSON.stringify(body), { status: 200 });
      }
      return new Response(JSON.stringify({ gstin: null, legalName: null }), { status: 200 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BusinessDetailsForm userId={7} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('BusinessDetailsForm', () => {
  it('checks the GSTIN as the server does, asks for the legal name, then saves both', async () => {
    const user = userEvent.setup();
    const sent = renderForm();
    const gstin = await screen.findByLabelText('GSTIN');
    await user.type(gstin, '27AAPFU0939F1ZA');
    await user.click(screen.getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText(GSTIN_MESSAGE)).toBeTruthy();
    expect(gstin.getAttribute('aria-invalid')).toBe('true');

    await user.clear(gstin);
    await user.type(gstin, GSTIN.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText('Enter the legal name the GSTIN is registered under')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Legal name'), 'Shah Traders LLP');
    await user.click(screen.getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText('Business details saved')).toBeTruthy();
    expect(sent).toEqual([{ gstin: GSTIN, legalName: 'Shah Traders LLP' }]);
  });
});
