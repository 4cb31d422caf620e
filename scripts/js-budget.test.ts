import { describe, expect, it } from 'vitest';
import { jsBudgetMarkdown, overBudget } from './js-budget';

describe('the JavaScript budget as recorded in docs/performance.md', () => {
  it('prints three routes a row, each own chunk / beyond the entry, and marks a route over 50 KB', () => {
    const markdown = jsBudgetMarkdown(
      {
        entryKb: 123.3,
        homeKb: 134.6,
        routes: [
          { route: 'checkout-page', ownKb: 10.5, beyondEntryKb: 51.2 },
          { route: 'cart-page', ownKb: 4.2, beyondEntryKb: 33.7 },
          { route: 'login-page', ownKb: 0.8, beyondEntryKb: 46.7 },
          { route: 'not-found-page', ownKb: 0.4, beyondEntryKb: 0.4 },
        ],
      },
      '2026-12-06',
    );
    expect(markdown).toContain(
      'Entry and its static imports 123.3 KB; home page (entry + home route) 134.6 KB, budget ≤ 150 KB.',
    );
    expect(markdown).toContain(
      '| checkout-page | 10.5 / 51.2 KB ✗ | cart-page | 4.2 / 33.7 KB | login-page | 0.8 / 46.7 KB |\n' +
        '| not-found-page | 0.4 / 0.4 KB |  |  |  |  |\n',
    );
  });

  it('names the home page over 150 KB and every route over 50 KB beyond the entry, and nothing within', () => {
    const routes = [
      { route: 'checkout-page', ownKb: 9.5, beyondEntryKb: 50.04 },
      { route: 'login-page', ownKb: 0.8, beyondEntryKb: 50 },
    ];
    expect(overBudget({ entryKb: 128.5, homeKb: 150, routes })).toEqual([
      'checkout-page 50.0 KB beyond the entry > 50 KB',
    ]);
    expect(overBudget({ entryKb: 128.5, homeKb: 150.2, routes: routes.slice(1) })).toEqual([
      'home page 150.2 KB > 150 KB',
    ]);
  });
});
