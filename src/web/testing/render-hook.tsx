import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/**
 * For a page's hooks: `hook` rendered in a router, with a query client of its own that does not
 * retry (a failed call answers at once), as renderRoutes gives pages; `rerender` hands it new props.
 */
export function renderHookWithQueries<Props, Result>(hook: (props: Props) => Result, initialProps: Props) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderHook(hook, {
    initialProps,
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    ),
  });
}
