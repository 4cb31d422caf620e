import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSettings } from '../app-data';
import { AppProviders } from './app-providers';
import { RootLayout } from './root-layout';

/** Any page of the store, in the shell every page shares. */
function renderPage(path: string) {
  const router = createMemoryRouter(
    [{ element: <RootLayout />, children: [{ path: '*', element: <h1>Some page</h1> }] }],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const testMode = storeSettings.testMode;
afterEach(() => {
  cleanup();
  storeSettings.testMode = testMode;
});

describe('the test-mode ribbon', () => {
  it('tells every page, above the navigation, that payments are simulated while the sandbox takes them', () => {
    storeSettings.testMode = true;
    for (const path of ['/', '/payment', '/admin/orders']) {
      renderPage(path);
      const ribbon = screen.getByRole('note');
      expect(ribbon.textContent).toBe('Test mode: payments are simulated');
      // Before the header in the page, so that it takes its place before anything below is laid out.
      const header = screen.getByRole('banner');
      expect(ribbon.compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      cleanup();
    }
  });

  it('is absent when real payments are taken', () => {
    storeSettings.testMode = false;
    renderPage('/');
    expect(screen.getByRole('heading', { name: 'Some page' })).toBeTruthy();
    expect(screen.queryByText(/Test mode/)).toBeNull();
  });
});
