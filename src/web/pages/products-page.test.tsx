import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, Product } from '../../shared/api/catalog';
import type { DeliveryInfo } from '../../shared/delivery';
import { productGoneState } from '../features/catalog/product-gone';
import { resetLocationForTests } from '../features/location/use-location-state';
import { testProduct } from '../testing/catalog-fixtures';
import { renderRoutes } from '../testing/render-routes';
import { ProductsPage } from './products-page';

const categories: Category[] = [
  {
    id: 1,
    name: 'Diwali Gifts',
    slug: 'diwali-gifts',
    description: 'Lights and sweets.',
    image: '',
    productCount: 2,
  },
  { id: 2, name: 'Rakhi', slug: 'rakhi', description: '', image: '', productCount: 0 },
];

const product = (id: number, name: string, price: number): Product =>
  testProduct(id, {
    name,
    slug: `gift-${id}`,
    price,
    mrp: price,
    tags: ['baby-shower', 'housewarming', 'pooja', 'lamp'],
  });

/** A same-day pincode's record as the location keeps it (SPEC 3). */
const BENGALURU: DeliveryInfo = {
  serviceable: true,
  days: 'Today',
  message: 'Same-day delivery on orders before 2 PM',
  type: 'same_day',
  fastDelivery: true,
  city: 'Bengaluru',
  isPreOrder: false,
  shipping: { cost: 50, free: false, message: 'Shipping ₹50' },
};

/** A stand-in for the API: records each /api/products query and answers with `products`. */
function stubApi(
  products: Product[] = [product(1, 'Brass Diya', 250), product(2, 'Clay Diya', 99)],
  countries: string[] = ['India'],
) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/categories') return Response.json(categories);
      if (url.pathname === '/api/catalog-countries') return Response.json({ countries });
      if (url.pathname === '/api/pincodes/check/560001') return Response.json(BENGALURU);
      if (url.pathname === '/api/pincodes/delivery-dates/560001')
        return Response.json({
          today: '2026-12-06',
          type: 'same_day',
          days: 'Today',
          dates: [{ date: '2026-12-06', slots: [{ slot: 'standard', label: 'Standard', fee: 0 }] }],
        });
      if (url.pathname === '/api/products') {
        queries.push(url.searchParams);
        return Response.json({ data: products, total: products.length });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  return queries;
}

function renderListing(path: string) {
  const router = renderRoutes(
    [
      { path: '/products', element: <ProductsPage /> },
      { path: '/category/:category', element: <ProductsPage /> },
    ],
    path,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, location };
}

const lastQuery = (queries: URLSearchParams[]) => Object.fromEntries(queries.at(-1) ?? []);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  resetLocationForTests();
});

describe('the product listing and its URL', () => {
  it('restores the filters from a shared URL and asks the API for page 1 of them', async () => {
    const queries = stubApi();
    renderListing('/products?search=diya&minPrice=50&sort=price_asc');
    await screen.findByText('Brass Diya');
    expect(lastQuery(queries)).toEqual({
      search: 'diya',
      minPrice: '50',
      sort: 'price',
      order: 'asc',
      page: '1',
      limit: '1000',
    });
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('diya');
    expect(screen.getByText('2 products for “diya”')).toBeTruthy();
    expect((screen.getByLabelText('Min Price') as HTMLInputElement).value).toBe('50');
    expect((screen.getByLabelText('Sort By') as HTMLSelectElement).value).toBe('price_asc');
  });

  it('puts a new sort into the URL and reloads from page 1', async () => {
    const queries = stubApi();
    const user = userEvent.setup();
    const { location } = renderListing('/products?search=diya');
    await screen.findByText('Brass Diya');
    expect((screen.getByLabelText('Sort By') as HTMLSelectElement).value).toBe('relevance');
    await user.selectOptions(screen.getByLabelText('Sort By'), 'Highest Rated');
    await waitFor(() => expect(location()).toBe('/products?search=diya&sort=rating'));
    await waitFor(() =>
      expect(lastQuery(queries)).toMatchObject({ sort: 'rating', order: 'desc', page: '1' }),
    );
  });

  it('moves to the category URL when a category is chosen, keeping the other filters', async () => {
    stubApi();
    const user = userEvent.setup();
    const { location } = renderListing('/products?maxPrice=500');
    await screen.findByText('Brass Diya');
    await user.selectOptions(screen.getByLabelText('Category'), 'Diwali Gifts');
    await waitFor(() => expect(location()).toBe('/category/diwali-gifts?maxPrice=500'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Diwali Gifts' })).toBeTruthy();
  });

  it('offers a country of origin filter once products come from two countries (decision 0059)', async () => {
    const user = userEvent.setup();
    const queries = stubApi(undefined, ['India', 'France']);
    const { location } = renderListing('/products');
    const country = await screen.findByLabelText('Country of origin');
    await user.selectOptions(country, 'France');
    await waitFor(() => expect(location()).toBe('/products?country=France'));
    await waitFor(() => expect(lastQuery(queries)).toMatchObject({ country: 'France' }));
  });

  it('shows no country filter while every product comes from one country', async () => {
    stubApi();
    renderListing('/products');
    expect(await screen.findByLabelText('Category')).toBeTruthy();
    expect(screen.queryByLabelText('Country of origin')).toBeNull();
  });

  it('updates the URL once the shopper stops typing a search', async () => {
    const queries = stubApi();
    const user = userEvent.setup();
    const { location } = renderListing('/products');
    await screen.findByText('Brass Diya');
    await user.type(screen.getByLabelText('Search'), 'potli bag');
    await waitFor(() => expect(location()).toBe('/products?search=potli+bag'));
    await waitFor(() => expect(lastQuery(queries)).toMatchObject({ search: 'potli bag', sort: 'relevance' }));
  });

  it('keeps a typed price when the sort is changed next, and follows the back button', async () => {
    stubApi();
    const user = userEvent.setup();
    const { location, router } = renderListing('/category/diwali-gifts');
    await screen.findByText('Brass Diya');
    await user.type(screen.getByLabelText('Max Price'), '500');
    await waitFor(() => expect(location()).toBe('/category/diwali-gifts?maxPrice=500'));
    await user.selectOptions(screen.getByLabelText('Sort By'), 'Price Low to High');
    await waitFor(() => expect(location()).toBe('/category/diwali-gifts?maxPrice=500&sort=price_asc'));
    await router.navigate(-1);
    await waitFor(() => expect(location()).toBe('/category/diwali-gifts?maxPrice=500'));
    await waitFor(() =>
      expect((screen.getByLabelText('Sort By') as HTMLSelectElement).value).toBe('featured'),
    );
    await router.navigate(-1);
    await waitFor(() => expect(location()).toBe('/category/diwali-gifts'));
    await waitFor(() => expect((screen.getByLabelText('Max Price') as HTMLInputElement).value).toBe(''));
  });

  it('keeps unusable prices out of the query and says why', async () => {
    const queries = stubApi();
    renderListing('/products?minPrice=900&maxPrice=100');
    await screen.findByText('Brass Diya');
    expect(screen.getByText('Min price must not be more than max price')).toBeTruthy();
    expect(lastQuery(queries)).toEqual({ sort: 'featured', page: '1', limit: '1000' });
  });

  it("clears every filter, the category included, with 'Clear All Filters'", async () => {
    stubApi();
    const user = userEvent.setup();
    const { location } = renderListing('/category/diwali-gifts?search=diya&sort=newest');
    await screen.findByText('Brass Diya');
    await user.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    await waitFor(() => expect(location()).toBe('/products'));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
  });

  it('shows the empty state when nothing matches', async () => {
    stubApi([]);
    renderListing('/products?search=unicorn');
    expect(await screen.findByText('No products found matching your criteria.')).toBeTruthy();
  });

  it('shows two tags as words on each card, no count of the rest, and the end message after a short page', async () => {
    stubApi();
    renderListing('/products');
    await screen.findByText('Brass Diya');
    const [first] = screen.getAllByRole('list', { name: 'Tags' });
    expect([...(first?.querySelectorAll('li') ?? [])].map((tag) => tag.textContent)).toEqual([
      'Baby shower',
      'Housewarming',
    ]);
    expect(screen.getByText("You've seen all 2 products.")).toBeTruthy();
  });

  it('filters by occasion and recipient through the URL and the API (decision 0070)', async () => {
    const queries = stubApi();
    const user = userEvent.setup();
    renderListing('/products?occasion=birthday');
    await screen.findByText('Brass Diya');
    expect(lastQuery(queries)).toMatchObject({ occasion: 'birthday' });
    await user.selectOptions(screen.getByLabelText('Gift for'), 'For colleagues');
    await waitFor(() =>
      expect(lastQuery(queries)).toMatchObject({ occasion: 'birthday', recipient: 'for-colleagues' }),
    );
    // Without a pincode the delivery filters say what they need.
    expect(
      screen.getByText('Choose a delivery pincode to see what delivers today or at midnight.'),
    ).toBeTruthy();
  });

  it('asks for what delivers today at the chosen pincode and shows the earliest day on the cards', async () => {
    localStorage.setItem('selectedPincode', '560001');
    localStorage.setItem('deliveryInfo', JSON.stringify(BENGALURU));
    const queries = stubApi();
    const user = userEvent.setup();
    const { location } = renderListing('/products');
    await screen.findByText('Brass Diya');
    expect((await screen.findAllByText('Today')).length).toBe(2);
    expect(screen.getAllByText(/Earliest:/).length).toBe(2);
    await user.click(screen.getByRole('radio', { name: 'Delivers today' }));
    await waitFor(() => expect(location()).toBe('/products?delivery=today'));
    await waitFor(() => expect(lastQuery(queries)).toMatchObject({ delivery: 'today', pincode: '560001' }));
  });

  it('says an old product link is no longer available', async () => {
    stubApi();
    const { router } = renderListing('/products?search=lamp');
    await router.navigate('/products', { state: productGoneState, replace: true });
    const notice = await screen.findByText('That product is no longer available');
    expect(notice.getAttribute('role')).toBe('status');
  });

  it('opens and closes the filters on a phone with the Filters button', async () => {
    stubApi();
    const user = userEvent.setup();
    renderListing('/products');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('listing-filters')?.className).toContain('hidden');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('listing-filters')?.className).not.toMatch(/(^| )hidden( |$)/);
  });
});
