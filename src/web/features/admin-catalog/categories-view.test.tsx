import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory } from '../../../shared/api/admin';
import { CategoriesView } from './categories-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HAMPERS: AdminCategory = {
  id: 4,
  name: 'Festive Hampers',
  slug: 'festive-hampers',
  description: '',
  image: '',
  sortOrder: 0,
  productCount: 3,
  hsnCode: '9505',
  gstRate: 18,
  gstRateToConfirm: false,
  declarations: {},
  parcel: null,
};

function renderView(categories: AdminCategory[] = [HAMPERS]) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return new Response(JSON.stringify({ data: categories }), { status: 200 });
      const body = JSON.parse(String(init?.body));
      sent.push({ method, url: String(input), body });
      return new Response(JSON.stringify({ category: { ...categories[0], ...body } }), { status: 200 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CategoriesView />
    </QueryClientProvider>,
  );
  return sent;
}

describe('CategoriesView', () => {
  it("lists a category still at a retired GST slab and offers only today's rates beside its own (decision 0059)", async () => {
    const user = userEvent.setup();
    const sent = renderView([
      { ...HAMPERS, name: 'Brass Lamps', hsnCode: '9405', gstRate: 28, gstRateToConfirm: true },
    ]);
    const notice = await screen.findByRole('region', { name: 'GST rates to confirm' });
    expect(within(notice).getByText('Brass Lamps: HSN 9405, still at 28%')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Brass Lamps' }));
    // The category's own form, below the new-category form.
    const rate = screen.getAllByLabelText('GST rate').at(-1)!;
    const form = rate.closest('form')!;
    expect(
      within(rate)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      "28% (retired on 22 September 2025: choose today's rate)",
      '0%',
      '0.25%',
      '3%',
      '5%',
      '18%',
      '40%',
    ]);
    await user.selectOptions(rate, '18');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent[0]?.body).toMatchObject({ gstRate: 18 }));
  });

  it('shows the built-in parcel and saves the one the owner sets, all four figures or none', async () => {
    const user = userEvent.setup();
    const sent = renderView();
    expect(await screen.findByText(/Parcel 1,500 g, 35 x 25 x 15 cm \(built-in\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Festive Hampers' }));
    const form = within(screen.getByRole('listitem'))
      .getByRole('group', { name: /Default parcel for the courier/ })
      .closest('form')!;
    const field = (label: string) => within(form).getByLabelText(label);
    expect(field('Packed weight (g)').getAttribute('placeholder')).toBe('1500');

    await user.type(field('Packed weight (g)'), '2200');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Fill in all four parcel figures, or leave them all empty for the built-in default',
    );
    expect(sent).toEqual([]);

    await user.type(field('Box length (cm)'), '40');
    await user.type(field('Box breadth (cm)'), '30');
    await user.type(field('Box height (cm)'), '18');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PATCH',
      body: { parcel: { weightGrams: 2200, lengthCm: 40, breadthCm: 30, heightCm: 18 } },
    });
  });
});
