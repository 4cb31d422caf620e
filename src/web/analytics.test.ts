import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The module afresh for each test: whether gtag is loaded is state of the page. */
const freshAnalytics = async () => {
  vi.resetModules();
  return import('./analytics');
};

const gtagCommands = () =>
  (window.dataLayer ?? [])
    .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
    .map((entry) => Array.from(entry as ArrayLike<unknown>));

const gtagScripts = () =>
  [...document.querySelectorAll('script')].filter((script) => script.src.includes('googletagmanager.com'));

beforeEach(() => {
  window.dataLayer = [];
});

afterEach(() => {
  for (const script of gtagScripts()) script.remove();
});

describe('analytics (DESIGN 4)', () => {
  it('puts events into window.dataLayer in INR and loads no gtag without a measurement id', async () => {
    const analytics = await freshAnalytics();
    analytics.loadGoogleAnalytics(null);
    analytics.trackPageView('/cart', 'Cart | Utsav Gifts');
    analytics.trackEcommerce('add_to_cart', [
      { item_id: '7', item_name: 'Brass Diya', price: 199, quantity: 2 },
    ]);

    expect(gtagScripts()).toHaveLength(0);
    expect(gtagCommands()).toEqual([]);
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'page_view', page_path: '/cart', page_title: 'Cart | Utsav Gifts' }),
      { ecommerce: null },
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'INR',
          value: 398,
          items: [{ item_id: '7', item_name: 'Brass Diya', price: 199, quantity: 2 }],
        },
      },
    ]);
  });

  it("sums an event's value in paise, so fractional prices add up exactly", async () => {
    const analytics = await freshAnalytics();
    analytics.trackEcommerce('begin_checkout', [
      { item_id: '3', item_name: 'Kumkum Box', price: 149.9, quantity: 3 },
      { item_id: '4', item_name: 'Thread', price: 0.1 },
    ]);
    // Multiplied in rupees, 149.9 × 3 is 449.70000000000005.
    expect(window.dataLayer?.at(-1)).toMatchObject({ ecommerce: { value: 449.8 } });
  });

  it('loads gtag.js for a measurement id once and sends each event to GA4 through it', async () => {
    const analytics = await freshAnalytics();
    analytics.loadGoogleAnalytics('G-TEST12345');
    analytics.loadGoogleAnalytics('G-TEST12345');
    analytics.trackEcommerce('purchase', [{ item_id: '7', item_name: 'Brass Diya', price: 199 }], {
      transaction_id: 'RG-10427',
    });

    expect(gtagScripts().map((script) => script.src)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST12345',
    ]);
    const commands = gtagCommands();
    expect(commands[0]?.[0]).toBe('js');
    expect(commands.slice(1)).toEqual([
      ['config', 'G-TEST12345', { send_page_view: false }],
      [
        'event',
        'purchase',
        {
          currency: 'INR',
          value: 199,
          transaction_id: 'RG-10427',
          items: [{ item_id: '7', item_name: 'Brass Diya', price: 199 }],
        },
      ],
    ]);
  });
});
