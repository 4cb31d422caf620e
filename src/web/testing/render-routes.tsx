import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';

/**
 * For page tests: the routes in a memory router opened at `path`, with a query client of their own
 * that does not retry (a failed call shows its error state at once). Answers the router.
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  /** Providers the pages need around the router, e.g. auth. */
  wrap: (router: ReactNode) => ReactNode = (router) => router,
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>{wrap(<RouterProvider router={router} />)}</QueryClientProvider>,
  );
  return router;
}
