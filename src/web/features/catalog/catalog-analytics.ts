import type { Product } from '../../../shared/api/catalog';
import { type AnalyticsItem, trackEcommerce } from '../../analytics';

/** A product as a GA4 item, in INR (DESIGN 4). */
export const analyticsItem = (product: Product, index?: number): AnalyticsItem & { index?: number } => ({
  item_id: String(product.id),
  item_name: product.name,
  item_category: product.category,
  price: product.price,
  ...(index === undefined ? {} : { index }),
});

/** view_item_list with the first items a shopper sees (GA4 caps an event's items at 200). */
export function trackItemList(listName: string, products: readonly Product[]) {
  trackEcommerce(
    'view_item_list',
    products.slice(0, 50).map((product, index) => analyticsItem(product, index)),
    { item_list_name: listName },
  );
}

export const trackItemView = (product: Product) => trackEcommerce('view_item', [analyticsItem(product)]);
