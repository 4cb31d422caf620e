import { act, cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchSuggestions } from '../../../shared/api/catalog';
import { renderRoutes } from '../../testing/render-routes';
import { SearchCombobox } from './search-combobox';

const CHOCOLATES: SearchSuggestions = {
  products: [
    {
      id: 7,
      name: 'Chocolate Bouquet',
      slug: 'chocolate-bouquet-7',
      image: '',
      price: 899,
      category: 'Festive Hampers',
    },
    {
      id: 9,
      name: 'Chocolate Box',
      slug: 'chocolate-box-9',
      image: '',
      price: 249,
      category: 'Thank You Gifts',
    },
  ],
  categories: [{ name: 'Festive Hampers', slug: 'festive-hampers', search: 'choc' }],
};

/** The address the combobox sent the shopper to. */
function Landed() {
  const location = useLocation();
  return <p>Landed on {`${location.pathname}${location.search}`}</p>;
}

/** Serves suggestions as the API would; `hold` keeps answers back until released. */
function serveSuggestions(answer: (q: string) => SearchSuggestions | Response = () => CHOCOLATES) {
  const requests: { q: string; signal: AbortSignal }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const q = url.searchParams.get('q') ?? '';
      requests.push({ q, signal: init?.signal as AbortSignal });
      const body = answer(q);
      return body instanceof Response ? body : Response.json(body);
    }),
  );
  return requests;
}

function renderSearch() {
  const listingPath = (search: string, category = '') =>
    `${category ? `/category/${category}` : '/products'}${search ? `?search=${encodeURIComponent(search)}` : ''}`;
  renderRoutes(
    [
      { path: '/', element: <SearchCombobox listingPath={listingPath} /> },
      { path: '*', element: <Landed /> },
    ],
    '/',
  );
  return screen.getByRole('combobox', { name: 'Search gifts' });
}

// Suggestions come a debounce after the last keystroke: give a busy machine room for it.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the header search combobox', () => {
  it('suggests products and categories as the shopper types, grouped and announced', async () => {
    serveSuggestions();
    const box = renderSearch();
    await userEvent.type(box, 'choc');
    expect(await screen.findByRole('option', { name: /Chocolate Bouquet/ })).toBeTruthy();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Products' })).toBeTruthy();
    expect(screen.getByRole('option', { name: /“choc” in Festive Hampers/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Chocolate Box.*₹249/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('3 suggestions');
  });

  it('moves through the suggestions with the arrow keys and opens the active one with Enter', async () => {
    serveSuggestions();
    const box = renderSearch();
    const user = userEvent.setup();
    await user.type(box, 'choc');
    await screen.findByRole('option', { name: /Chocolate Bouquet/ });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: /Chocolate Box/ });
    expect(box.getAttribute('aria-activedescendant')).toBe(active.id);
    expect(active.getAttribute('aria-selected')).toBe('true');
    // Up from the first wraps to the last.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /in Festive Hampers/ }).id,
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Landed on /product/chocolate-bouquet-7')).toBeTruthy();
  });

  it('searches the listing for the typed text when Enter is pressed with no suggestion active', async () => {
    serveSuggestions();
    const box = renderSearch();
    await userEvent.type(box, 'chocolte{Enter}');
    expect(await screen.findByText('Landed on /products?search=chocolte')).toBeTruthy();
  });

  it('opens a category suggestion with the search kept inside it', async () => {
    serveSuggestions();
    const box = renderSearch();
    await userEvent.type(box, 'choc');
    await userEvent.click(await screen.findByRole('option', { name: /in Festive Hampers/ }));
    expect(await screen.findByText('Landed on /category/festive-hampers?search=choc')).toBeTruthy();
  });

  it('closes the list with Escape, then clears the box with a second Escape', async () => {
    serveSuggestions();
    const box = renderSearch();
    const user = userEvent.setup();
    await user.type(box, 'choc');
    await screen.findByRole('option', { name: /Chocolate Bouquet/ });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('choc');
    await user.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('asks once per pause in typing and aborts the request of an older query', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests: { q: string; signal: AbortSignal }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const q = new URL(String(input)).searchParams.get('q') ?? '';
        requests.push({ q, signal: init?.signal as AbortSignal });
        if (q === 'cho') await held;
        return Response.json(q === 'cho' ? { products: [], categories: [] } : CHOCOLATES);
      }),
    );
    const box = renderSearch();
    const user = userEvent.setup();
    await user.type(box, 'cho');
    await waitFor(() => expect(requests.map((request) => request.q)).toEqual(['cho']));
    await user.type(box, 'c');
    await screen.findByRole('option', { name: /Chocolate Bouquet/ });
    expect(requests.map((request) => request.q)).toEqual(['cho', 'choc']);
    expect(requests[0]?.signal.aborted).toBe(true);
    // The older answer arriving late changes nothing.
    await act(async () => release());
    expect(screen.getByRole('option', { name: /Chocolate Bouquet/ })).toBeTruthy();
  });

  it('says so when nothing matches, and when suggestions cannot be loaded', async () => {
    serveSuggestions((q) =>
      q === 'zzqx' ? { products: [], categories: [] } : Response.json({ message: 'Oops' }, { status: 500 }),
    );
    const box = renderSearch();
    await userEvent.type(box, 'zzqx');
    // Shown under the box and announced to screen readers.
    expect(
      await screen.findAllByText('No suggestions for “zzqx”. Press Enter to search all products.'),
    ).toHaveLength(2);
    await userEvent.clear(box);
    await userEvent.type(box, 'diya');
    expect(
      await screen.findAllByText('Suggestions are unavailable right now. Press Enter to search.'),
    ).toHaveLength(2);
  });

  it('asks nothing for a single letter', async () => {
    const requests = serveSuggestions();
    const box = renderSearch();
    await userEvent.type(box, 'c');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests).toEqual([]);
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});
