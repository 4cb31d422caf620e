import type { ShippingLine } from '../../../shared/api/delivery';
import type { ShippingCalculation } from '../../../shared/delivery';
import { linesTotalPaise, toRupees } from '../../../shared/money';
import { calculateShipping, type ShippingRules } from '../../../shared/shipping';
import type { Db } from '../../db/client';
import { invalid } from '../../errors';
import { pricedProductsOf } from '../catalog';

export type ShippingCalculator = ReturnType<typeof createShippingCalculator>;

/**
 * SPEC 3 "Shipping calculation result" of a cart. DESIGN 4: the server always recomputes from
 * database prices; whatever price a client sends along with a product is ignored.
 */
export function createShippingCalculator({
  db,
  shippingRules,
}: {
  db: Db;
  shippingRules: () => Promise<ShippingRules>;
}) {
  return {
    async calculate(lines: readonly ShippingLine[]): Promise<ShippingCalculation> {
      const ids = [...new Set(lines.map((line) => line.product))];
      const rows = await pricedProductsOf(db, ids);
      const priceById = new Map(rows.map((row) => [row.id, row.pricePaise]));

      const missing = lines.flatMap((line, index) =>
        priceById.has(line.product)
          ? []
          : [{ path: `items.${index}.product`, message: `Product ${line.product} is not available` }],
      );
      if (missing.length > 0) {
        throw invalid(
          missing.length === 1
            ? 'A product in your cart is no longer available. Please remove it and try again.'
            : 'Some products in your cart are no longer available. Please remove them and try again.',
          missing,
        );
      }

      const subtotalPaise = linesTotalPaise(
        lines.map((line) => ({ unitPaise: priceById.get(line.product)!, quantity: line.quantity })),
      );
      return calculateShipping(toRupees(subtotalPaise), await shippingRules());
    },
  };
}
