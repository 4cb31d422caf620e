// The back office's query keys, shared so that a change on one screen refreshes what it affects on
// another (an order's status refreshes the dashboard).
export const adminKeys = {
  all: ['admin'] as const,
  orders: (filters: object) => ['admin', 'orders', filters] as const,
  order: (id: string) => ['admin', 'order', id] as const,
  products: (filters: object) => ['admin', 'products', filters] as const,
  product: (id: number) => ['admin', 'product', id] as const,
  categories: ['admin', 'categories'] as const,
  collections: ['admin', 'collections'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  outbox: (page: number) => ['admin', 'outbox', page] as const,
  messages: (page: number) => ['admin', 'messages', page] as const,
  jobs: ['admin', 'jobs'] as const,
  coupons: ['admin', 'coupons'] as const,
  reviews: (page: number) => ['admin', 'reviews', page] as const,
  returns: (status: string, page: number) => ['admin', 'returns', status, page] as const,
};
