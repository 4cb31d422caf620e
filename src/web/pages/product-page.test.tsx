import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollectionDetail, Product } from '../../shared/api/catalog';
import type { ReviewPage } from '../../shared/api/reviews';
import type { DeliveryDates } from '../../shared/delivery-dates';
import { INVALID_PINCODE_DELIVERY } from '../../shared/delivery-rules';
import { AuthProvider } from '../features/auth/auth-provider';
import { getCartStore, resetCartStoreForTests } from '../features/cart/use-cart';
import { resetLocationForTests } from '../features/location/use-location-state';
import { BANGALORE_DELIVERY, UNSERVED_DELIVERY } from '../testing/delivery-fixtures';
import { GUEST_AUTH } from '../testing/guest-auth';
import { scrollEverythingIntoView } from '../testing/on-screen';
import { bouquet } from '../testing/product-fixtures';
import { renderRoutes } from '../testing/render-routes';
import { CollectionPage } from './collection-page';
import { ProductPage } from './product-page';

function stubApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    return path in routes
      ? Response.json(routes[path])
      : Response.json({ message: 'Product not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A browser without the Web Share API; set after userEvent.setup(), which installs its own clipboard. */
function withoutShareSheet(clipboard: { writeText: (text: string) => Promise<void> }) {
  Object.defineProperty(window.navigator, 'share', { value: undefined, configurable: true });
  Object.defineProperty(window.navigator, 'clipboard', { value: clipboard, configurable: true });
}

function renderAt(path: string) {
  const router = renderRoutes(
    [
      { path: '/product/:slug', element: <ProductPage /> },
      { path: '/collection/:slug', element: <CollectionPage /> },
      { path: '/products', element: <h1>All Products</h1> },
      { path: '/collections', element: <h1>Gift Collections</h1> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
    (routes) => <AuthProvider api={GUEST_AUTH}>{routes}</AuthProvider>,
  );
  return Object.assign(() => router.state.location.pathname, { router });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  // The checked pincode lives in one store per tab; each test starts without one.
  resetLocationForTests();
});

describe('the product page', () => {
  it('shows the reviews newest first with the average, their text as plain text', async () => {
    const reviews: ReviewPage = {
      data: [
        {
          id: 2,
          rating: 5,
          text: '<b>Loved it</b>\nArrived early',
          authorName: 'Meera I.',
          createdAt: '2031-11-02T06:00:00.000Z',
          verifiedPurchase: true,
        },
        {
          id: 1,
          rating: 4,
          text: '',
          authorName: 'Arjun',
          createdAt: '2031-11-01T06:00:00.000Z',
          verifiedPurchase: true,
        },
        // Decision 0059: the demo seed's reviews were bought by nobody, and never say so.
        {
          id: 3,
          rating: 4,
          text: '',
          authorName: 'Rahul (demo)',
          createdAt: '2031-10-01T06:00:00.000Z',
          verifiedPurchase: false,
        },
      ],
      total: 7,
      page: 1,
      pageSize: 5,
      average: 4.6,
      count: 31,
    };
    stubApi({ '/api/products/7': { product: bouquet }, '/api/products/7/reviews': reviews });
    scrollEverythingIntoView();
    renderAt('/product/chocolate-bouquet-7');
    const section = await screen.findByRole('region', { name: 'Ratings & Reviews' });
    await waitFor(() => expect(section.textContent).toContain('4.6 out of 5 · 31 ratings'));
    const items = screen
      .getAllByRole('listitem')
      .filter((item) => item.textContent?.includes('Verified purchase'));
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Meera I.'),
      expect.stringContaining('Arjun'),
    ]);
    // Markup in a review is shown as the characters typed, never as HTML.
    expect(section.querySelector('b')).toBeNull();
    expect(section.textContent).toContain('<b>Loved it</b>');
    expect(screen.getByRole('button', { name: 'Older reviews' })).toBeTruthy();
    expect(section.textContent).toContain('Sign in to rate and review this product.');
  });

  it('shows price, mrp, discount, stock, description and tags as Features', async () => {
    stubApi({ '/api/products/7': { product: bouquet } });
    renderAt('/product/chocolate-bouquet-7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chocolate Bouquet' })).toBeTruthy();
    expect(screen.getAllByText('₹899').length).toBeGreaterThan(0);
    expect(screen.getByText('₹1,199')).toBeTruthy();
    expect(screen.getByText('25% OFF')).toBeTruthy();
    expect(screen.getByText('In Stock')).toBeTruthy();
    expect(screen.getByText('Only 3 left')).toBeTruthy();
    expect(screen.getByText('Twelve chocolates wrapped like flowers.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Features' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Home›Festive Hampers›Chocolate Bouquet');
  });

  it('offers quantity tiers to party buyers with a link to a bulk quote, and nothing without tiers', async () => {
    const quantityTiers = [
      { minQuantity: 25, percentOff: 5 },
      { minQuantity: 50, percentOff: 10 },
    ];
    stubApi({ '/api/products/7': { product: { ...bouquet, quantityTiers } } });
    renderAt('/product/chocolate-bouquet-7');
    const offer = await screen.findByText(/^Buying for a party\?/);
    expect(offer.textContent).toBe(
      'Buying for a party? 5% off from 25 pieces, 10% off from 50 — ask for a bulk quote',
    );
    expect(screen.getByRole('link', { name: 'ask for a bulk quote' }).getAttribute('href')).toBe(
      '/bulk-orders?product=Chocolate+Bouquet&quantity=20',
    );
    cleanup();
    stubApi({ '/api/products/7': { product: bouquet } });
    renderAt('/product/chocolate-bouquet-7');
    await screen.findByRole('heading', { level: 1, name: 'Chocolate Bouquet' });
    expect(screen.queryByText(/^Buying for a party\?/)).toBeNull();
  });

  it('shows the tiers a cart reaches beside the stepper and marks the one the quantity earns', async () => {
    // Decision 0080: '6+ pieces: 5% off' is priced in the cart; 25 and up stays a bulk quote.
    const quantityTiers = [
      { minQuantity: 6, percentOff: 5 },
      { minQuantity: 25, percentOff: 10 },
    ];
    stubApi({ '/api/products/7': { product: { ...bouquet, stock: 40, quantityTiers } } });
    const user = userEvent.setup();
    renderAt('/product/chocolate-bouquet-7');
    const tiers = await screen.findByRole('list', { name: 'Quantity discounts' });
    expect(tiers.textContent).toBe('6+ pieces: 5% off');
    for (let pieces = 1; pieces < 6; pieces++) {
      await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    }
    expect(tiers.textContent).toBe('6+ pieces: 5% off (applied)');
    expect((await screen.findByText(/^Buying for a party\?/)).textContent).toBe(
      'Buying for a party? 10% off from 25 pieces — ask for a bulk quote',
    );
  });

  it('says Pre-Order with its delivery time, or Out of Stock', async () => {
    stubApi({
      '/api/products/8': { product: { ...bouquet, id: 8, stock: 0, inStock: false, allowPreOrder: true } },
      '/api/products/9': { product: { ...bouquet, id: 9, stock: 0, inStock: false } },
    });
    renderAt('/product/x-8');
    expect(await screen.findByText('Pre-Order')).toBeTruthy();
    expect(screen.getByText('Delivery in 10-15 Days')).toBeTruthy();
    cleanup();
    renderAt('/product/x-9');
    await screen.findByRole('heading', { level: 1, name: 'Chocolate Bouquet' });
    // The stock label (the cart's disabled button says it too).
    expect(screen.getAllByText('Out of Stock').some((element) => element.tagName === 'SPAN')).toBe(true);
    expect(screen.queryByText('Pre-Order')).toBeNull();
  });

  it('starts the quantity at minQuantity and keeps it between minQuantity and 10', async () => {
    stubApi({ '/api/products/7': { product: { ...bouquet, minQuantity: 8 } } });
    const user = userEvent.setup();
    renderAt('/product/chocolate-bouquet-7');
    const quantity = await screen.findByRole('status', { name: 'Quantity' });
    expect(quantity.textContent).toBe('8');
    const decrease = screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    const increase = screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
    expect(decrease.disabled).toBe(true);
    await user.click(increase);
    await user.click(increase);
    expect(quantity.textContent).toBe('10');
    expect(increase.disabled).toBe(true);
    expect(screen.getByText('Minimum order: 8 pieces')).toBeTruthy();
  });

  it('copies the link when the browser cannot share, and says so', async () => {
    stubApi({ '/api/products/7': { product: bouquet } });
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    withoutShareSheet({ writeText });
    renderAt('/product/chocolate-bouquet-7');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Product link copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/product/chocolate-bouquet-7`);
  });

  it('asks the shopper to copy the URL when neither sharing nor copying works', async () => {
    stubApi({ '/api/products/7': { product: bouquet } });
    const user = userEvent.setup();
    withoutShareSheet({ writeText: vi.fn(async () => Promise.reject(new Error('denied'))) });
    renderAt('/product/chocolate-bouquet-7');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Unable to share. Please copy the URL manually.')).toBeTruthy();
  });

  it('shows the products viewed before under Recently viewed, and forgets one the store no longer has', async () => {
    stubApi({
      '/api/products/7': { product: bouquet },
      '/api/products/8': { product: { ...bouquet, id: 8, name: 'Brass Diya Set', slug: 'brass-diya-set-8' } },
    });
    renderAt('/product/brass-diya-set-8');
    await screen.findByRole('heading', { level: 1, name: 'Brass Diya Set' });
    // A first product page has nothing to recall.
    expect(screen.queryByRole('heading', { name: 'Recently viewed' })).toBeNull();
    cleanup();

    localStorage.setItem('recentlyViewed', JSON.stringify([8, 99]));
    // The row's code comes when the shopper scrolls towards it (decision 0083).
    scrollEverythingIntoView();
    renderAt('/product/chocolate-bouquet-7');
    await screen.findByRole('heading', { level: 1, name: 'Chocolate Bouquet' });
    const row = await screen.findByRole('list', { name: 'Recently viewed products' });
    expect(within(row).getByRole('link', { name: 'Brass Diya Set' }).getAttribute('href')).toBe(
      '/product/brass-diya-set-8',
    );
    expect(within(row).getAllByRole('article')).toHaveLength(1);
    // Product 99 answered 404: it is dropped; this product is now the most recent.
    await waitFor(() => expect(JSON.parse(localStorage.getItem('recentlyViewed') ?? '')).toEqual([7, 8]));
  });

  it('Buy Now goes to checkout with the chosen quantity of this item alone and leaves the cart as it was', async () => {
    resetCartStoreForTests();
    const fetchMock = stubApi({ '/api/products/7': { product: bouquet } });
    const user = userEvent.setup();
    const location = renderAt('/product/chocolate-bouquet-7');
    const [addToCart] = await screen.findAllByRole('button', { name: 'Add to Cart' });
    await user.click(addToCart!);
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    const [buyNow] = screen.getAllByRole('button', { name: 'Buy Now' });
    await user.click(buyNow!);
    await waitFor(() => expect(location()).toBe('/checkout'));
    // Decision 0069: the line travels to checkout; the cart keeps what it had.
    expect(location.router.state.location.state).toMatchObject({ buyNow: { id: 7, quantity: 2 } });
    expect(
      getCartStore()
        .getState()
        .items.map((line) => [line.id, line.quantity]),
    ).toEqual([[7, 1]]);
    // "You may also like" was never on screen, so it was never asked for.
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/similar'))).toBe(false);
  });

  it('offers no Buy Now for a product out of stock without pre-order', async () => {
    stubApi({ '/api/products/7': { product: { ...bouquet, inStock: false, stock: 0 } } });
    renderAt('/product/chocolate-bouquet-7');
    await screen.findByRole('heading', { level: 1, name: 'Chocolate Bouquet' });
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    // Decision 0071: nothing to count while it is sold out.
    const stepper = screen.getByRole('button', { name: 'Increase quantity' }).closest('fieldset');
    expect(stepper?.disabled).toBe(true);
  });

  it('shows "You may also like" once the shopper scrolls near it', async () => {
    const diya = { ...bouquet, id: 8, name: 'Brass Diya Set', slug: 'brass-diya-set-8' };
    const box = { ...bouquet, id: 9, name: 'Chocolate Box', slug: 'chocolate-box-9' };
    stubApi({ '/api/products/7': { product: bouquet }, '/api/products/7/similar': { data: [diya, box] } });
    scrollEverythingIntoView();
    renderAt('/product/chocolate-bouquet-7');
    const row = await screen.findByRole('list', { name: 'You may also like' });
    expect(
      within(row)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Brass Diya Set', '/product/brass-diya-set-8'],
      ['Chocolate Box', '/product/chocolate-box-9'],
    ]);
  });

  it('says when no similar gift is in stock, with a way to the category', async () => {
    stubApi({ '/api/products/7': { product: bouquet }, '/api/products/7/similar': { data: [] } });
    scrollEverythingIntoView();
    renderAt('/product/chocolate-bouquet-7');
    expect(await screen.findByText(/No similar gifts in stock right now/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Festive Hampers' }).getAttribute('href')).toBe(
      '/category/festive-hampers',
    );
  });

  describe('checking delivery (SPEC 8: no delivery promise follows a refusal)', () => {
    const bangalore = BANGALORE_DELIVERY;
    const portBlair = UNSERVED_DELIVERY;
    const bangaloreDates: DeliveryDates = {
      today: '2026-11-28',
      type: 'same_day',
      days: 'Today',
      dates: [
        {
          date: '2026-11-28',
          slots: [
            { slot: 'standard', label: 'Standard delivery (9 AM - 9 PM)', fee: 0 },
            { slot: 'midnight', label: 'Midnight delivery (11 PM - 11:59 PM)', fee: 199 },
          ],
        },
      ],
    };
    const servePincodes = (product: Product) =>
      stubApi({
        [`/api/products/${product.id}`]: { product },
        '/api/pincodes/check/560001': bangalore,
        '/api/pincodes/check/744301': portBlair,
        '/api/pincodes/check/123456': INVALID_PINCODE_DELIVERY,
        '/api/pincodes/shipping/560001': { cost: 50, free: false, message: '₹50 shipping charge' },
        '/api/pincodes/delivery-dates/560001': bangaloreDates,
      });
    const box = () => screen.getByRole('region', { name: 'Check delivery' });

    /** Puts `pincode` in the field in one go, as a paste or the browser's autofill does. */
    async function check(user: ReturnType<typeof userEvent.setup>, pincode: string) {
      const field = within(box()).getByLabelText('Pincode');
      await user.tripleClick(field);
      await user.paste(pincode);
      await user.click(within(box()).getByRole('button', { name: 'Check' }));
    }

    it('shows the earliest day and the midnight slot only while the pincode shown is one it delivers to', async () => {
      servePincodes(bouquet);
      const user = userEvent.setup();
      renderAt('/product/chocolate-bouquet-7');
      await screen.findByRole('heading', { level: 1, name: 'Chocolate Bouquet' });

      await check(user, '560001');
      await within(box()).findByText('Delivering to Bengaluru (560001)');
      expect((await within(box()).findByText(/^Earliest delivery:/)).textContent).toBe(
        'Earliest delivery: Today, 28 Nov',
      );
      expect(
        within(box()).getByText('Midnight delivery (11 PM - 11:59 PM) available for ₹199 extra'),
      ).toBeTruthy();

      // Typed but not checked yet: 560001's dates are not this pincode's.
      await user.tripleClick(within(box()).getByLabelText('Pincode'));
      await user.paste('744301');
      expect(within(box()).queryByText(/^Earliest delivery:/)).toBeNull();

      await user.click(within(box()).getByRole('button', { name: 'Check' }));
      await within(box()).findByText('Not deliverable to 744301');
      expect(within(box()).getByText("Sorry, we don't deliver to this pincode yet")).toBeTruthy();
      expect(within(box()).queryByText(/^Earliest delivery:/)).toBeNull();
      expect(within(box()).queryByText(/Midnight delivery/)).toBeNull();

      await check(user, '123456');
      await within(box()).findByText('Not deliverable to 123456');
      expect(within(box()).getByText('Invalid pincode')).toBeTruthy();
      expect(within(box()).queryByText(/^Earliest delivery:/)).toBeNull();
      expect(within(box()).queryByText(/Midnight delivery/)).toBeNull();

      await check(user, '560001');
      expect((await within(box()).findByText(/^Earliest delivery:/)).textContent).toBe(
        'Earliest delivery: Today, 28 Nov',
      );
    });

    it("says nothing of a pre-order's delivery window under a pincode it does not deliver to", async () => {
      servePincodes({ ...bouquet, stock: 0, inStock: false, allowPreOrder: true });
      const user = userEvent.setup();
      renderAt('/product/chocolate-bouquet-7');
      await screen.findByRole('heading', { level: 1, name: 'Chocolate Bouquet' });
      const preOrderWindow = 'Pre-order: delivered in 10-15 Days; a delivery date cannot be chosen.';

      await check(user, '560001');
      await within(box()).findByText('Delivering to Bengaluru (560001)');
      expect(within(box()).getByText(/^Pre-order: delivered in/).textContent).toBe(preOrderWindow);

      await check(user, '744301');
      await within(box()).findByText('Not deliverable to 744301');
      expect(within(box()).queryByText(/^Pre-order: delivered in/)).toBeNull();
    });
  });

  it('sends a non-numeric id to /products without asking the API', async () => {
    const fetchMock = stubApi({});
    const location = renderAt('/product/chocolate-bouquet');
    await waitFor(() => expect(location()).toBe('/products'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a product that fails to load to /products', async () => {
    stubApi({});
    const location = renderAt('/product/gone-404');
    await waitFor(() => expect(location()).toBe('/products'));
  });
});

describe('the collection page', () => {
  const collection: CollectionDetail = {
    id: 3,
    name: 'Holi Specials',
    slug: 'holi-specials-3',
    description: 'Colours and sweets.',
    image: '',
    featured: false,
    productCount: 0,
    products: [],
  };

  it("says 'Collection Coming Soon' when it has no products", async () => {
    stubApi({ '/api/collections/3': { data: collection } });
    renderAt('/collection/holi-specials-3');
    expect(await screen.findByText('Collection Coming Soon')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Holi Specials' })).toBeTruthy();
  });

  it('lists its products', async () => {
    stubApi({ '/api/collections/3': { data: { ...collection, productCount: 1, products: [bouquet] } } });
    renderAt('/collection/holi-specials-3');
    expect(await screen.findByRole('link', { name: 'Chocolate Bouquet' })).toBeTruthy();
  });

  it('sends a bad id or a failed load to /collections', async () => {
    stubApi({});
    const badId = renderAt('/collection/holi-specials');
    await waitFor(() => expect(badId()).toBe('/collections'));
    cleanup();
    const failed = renderAt('/collection/holi-specials-99');
    await waitFor(() => expect(failed()).toBe('/collections'));
  });
});

describe('personalising a product', () => {
  const potli: Product = {
    ...bouquet,
    id: 9,
    name: 'Jute Ganesha Potli Bag',
    slug: 'jute-ganesha-potli-bag-9',
    price: 99,
    stock: 50,
    personalisation: { fields: [{ label: 'Name on tag', maxLength: 20, required: true }], photo: 'optional' },
  };
  const PHOTO = `/uploads/personalisations/${'ab'.repeat(16)}.webp`;

  it('keeps Add to Cart disabled with the reason until a name fits, previews it live, and makes a line per name', async () => {
    resetCartStoreForTests();
    const fetchMock = stubApi({
      '/api/products/9': { product: potli },
      '/api/products/9/reviews': { data: [], total: 0, page: 1, pageSize: 5, average: 0, count: 0 },
      '/api/personalisation/photos': { photo: PHOTO },
    });
    const user = userEvent.setup();
    renderAt('/product/jute-ganesha-potli-bag-9');
    const name = await screen.findByRole('textbox', { name: 'Name on tag' });
    const [addToCart] = screen.getAllByRole('button', { name: 'Add to Cart' });
    expect(addToCart).toHaveProperty('disabled', true);
    expect(addToCart?.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(addToCart?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter Name on tag',
    );

    await user.type(name, 'Aarav Sharma Krishnan Iyer');
    expect(screen.getByText('26/20 characters')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      '26/20 characters',
      'Name on tag must be at most 20 characters',
    ]);
    expect(addToCart).toHaveProperty('disabled', true);

    await user.clear(name);
    await user.type(name, 'Aarav');
    expect(screen.getByTestId('personalisation-preview').textContent).toBe('Aarav');
    expect(screen.getByText('5/20 characters')).toBeTruthy();
    await user.upload(
      screen.getByLabelText(/^Photo \(JPEG or PNG/),
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Your upload' })).toHaveProperty(
      'src',
      `${window.location.origin}${PHOTO}`,
    );
    expect(
      fetchMock.mock.calls.some(
        ([input]) => new URL(String(input)).pathname === '/api/personalisation/photos',
      ),
    ).toBe(true);
    expect(addToCart).toHaveProperty('disabled', false);
    await user.click(addToCart!);

    await user.clear(name);
    await user.type(name, 'Diya');
    await user.click(addToCart!);

    const lines = getCartStore().getState().items;
    expect(lines.map((line) => [line.id, line.quantity, line.personalisation])).toEqual([
      [9, 1, { text: { 'Name on tag': 'Aarav' }, photo: PHOTO }],
      [9, 1, { text: { 'Name on tag': 'Diya' }, photo: PHOTO }],
    ]);
  });

  it('refuses a photo that is not a JPEG or PNG before uploading it', async () => {
    resetCartStoreForTests();
    const fetchMock = stubApi({
      '/api/products/9': { product: potli },
      '/api/products/9/reviews': { data: [], total: 0, page: 1, pageSize: 5, average: 0, count: 0 },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/product/jute-ganesha-potli-bag-9');
    await user.upload(
      await screen.findByLabelText(/^Photo \(JPEG or PNG/),
      new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload a JPEG or PNG photo.');
    expect(
      fetchMock.mock.calls.some(
        ([input]) => new URL(String(input)).pathname === '/api/personalisation/photos',
      ),
    ).toBe(false);
  });
});
