import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory } from '../../../shared/api/admin';
import { ProductForm } from './product-form';

// Decision 0079: the owner marks a product as an add-on and ticks the categories that offer it.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Cast: the form reads only these fields of a category, not its counts or parcel.
const categories = [
  { id: 3, name: 'Diwali Gifts', slug: 'diwali-gifts', hsnCode: '9505', gstRate: 18, declarations: {} },
  { id: 4, name: 'Birthday Gifts', slug: 'birthday-gifts', hsnCode: '9505', gstRate: 18, declarations: {} },
] as unknown as AdminCategory[];

async function fillCard() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ message: 'not under test' }), { status: 500 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ProductForm product={null} categories={categories} onSaved={() => {}} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Greeting Card');
  await user.type(screen.getByLabelText('Price (₹)'), '99');
  await user.type(screen.getByLabelText('MRP (₹, incl. of all taxes)'), '99');
  await user.selectOptions(screen.getByLabelText('Category'), '3');
  return { user, sent };
}

describe('the product form’s add-on fields', () => {
  it('offer the categories once a kind is chosen, none ticked, and send the kind and the ticked ones', async () => {
    const { user, sent } = await fillCard();
    expect(screen.queryByRole('group', { name: 'Offered after Add to Cart on gifts in' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Offer as an add-on'), 'greeting_card');
    const offered = screen.getByRole('group', { name: 'Offered after Add to Cart on gifts in' });
    const boxes = within(offered).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.labels?.[0]?.textContent, box.checked])).toEqual([
      ['Diwali Gifts', false],
      ['Birthday Gifts', false],
    ]);
    await user.click(within(offered).getByRole('checkbox', { name: 'Birthday Gifts' }));
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'Greeting Card',
      addOnKind: 'greeting_card',
      addOnCategoryIds: [4],
    });
  });

  it('send a product that is no add-on as offered nowhere, whatever was ticked before', async () => {
    const { user, sent } = await fillCard();
    await user.selectOptions(screen.getByLabelText('Offer as an add-on'), 'chocolates');
    await user.click(screen.getByRole('checkbox', { name: 'Diwali Gifts' }));
    await user.selectOptions(screen.getByLabelText('Offer as an add-on'), '');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ addOnKind: null, addOnCategoryIds: [] });
  });
});
