import { zodResolver } from '@hookform/resolvers/zod';
import { AdminProductQuery } from '../../../shared/api/admin-products';

// The product list's search, checked with the shared AdminProductQuery the server runs on the
// list's query: products-view.tsx loads this module at the form's first focus or check (decision 0088).

export const checkProductSearch = zodResolver(AdminProductQuery.omit({ page: true }));
