import type { Product } from '../../../shared/api/catalog';
import { STOCK_STATUS_LABELS, stockStatus } from '../../../shared/cart-rules';

/** 'Only N left' from this many units down (DESIGN: low stock nudges without alarming). */
export const LOW_STOCK_THRESHOLD = 5;

/** SPEC 9: a pre-order is delivered in 10-15 days, as the product page says. */
export const PRE_ORDER_DELIVERY = '10-15 Days';

/** SPEC 4 "Product stock": In Stock, Pre-Order with its delivery time, or Out of Stock. */
export function StockStatus({ product }: { product: Pick<Product, 'inStock' | 'allowPreOrder' | 'stock'> }) {
  const status = stockStatus(product);
  const lowStock = status === 'in_stock' && product.stock > 0 && product.stock <= LOW_STOCK_THRESHOLD;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span
        className={`rounded-full px-2.5 py-1 font-semibold ${
          status === 'in_stock'
            ? 'bg-green-100 text-green-800'
            : status === 'pre_order'
              ? 'bg-amber-100 text-amber-900'
              : 'bg-red-100 text-red-800'
        }`}
      >
        {STOCK_STATUS_LABELS[status]}
      </span>
      {status === 'pre_order' && <span className="text-stone-700">Delivery in {PRE_ORDER_DELIVERY}</span>}
      {lowStock && <span className="font-semibold text-red-700">Only {product.stock} left</span>}
    </div>
  );
}
