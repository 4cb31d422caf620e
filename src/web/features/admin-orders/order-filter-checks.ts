import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { AdminOrderQuery } from '../../../shared/api/admin';

// The order list's filters, checked with the shared AdminOrderQuery the server runs on the list's
// query: orders-view.tsx loads this module at the filter form's first focus or check (decision 0088).

const text = z.string().optional();

/** As the form holds them: an empty box or "All" is no filter. */
const OrderFilterTexts = z
  .object({
    q: text,
    status: text,
    from: text,
    to: text,
    deliveryFrom: text,
    deliveryTo: text,
    slot: text,
    payment: text,
    sort: text,
    queue: text,
    batch: text,
  })
  .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, value]) => value?.trim())))
  .pipe(AdminOrderQuery.omit({ page: true }));

export const checkOrderFilters = zodResolver(OrderFilterTexts);
