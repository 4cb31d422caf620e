import {
  type CreateOrderPayload,
  noLongerAvailableMessage,
  onlyLeftMessage,
  outOfStockMessage,
  preOrderOnlyMessage,
  quantityRangeMessage,
} from '../../../shared/api/payments';
import { DEFAULT_MIN_QUANTITY, MAX_QUANTITY } from '../../../shared/cart-rules';
import { checkPersonalisation, PERSONALISATION_MESSAGES } from '../../../shared/personalisation-rules';
import type { Db } from '../../db/client';
import { conflict, invalid } from '../../errors';
import { productsToPrice } from '../catalog';

/** Prices, stock and pre-order status of every line from the database, or a readable refusal. */
export async function priceOrderLines(
  db: Db,
  payload: Pick<CreateOrderPayload, 'items'>,
  photoExists: (reference: string) => Promise<boolean>,
) {
  const rows = await productsToPrice(
    db,
    payload.items.map((item) => item.productId),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  // Lines of one product personalised differently draw on the same stock.
  const wanted = new Map<number, number>();
  for (const item of payload.items)
    wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);

  const priced = payload.items.map((item, index) => {
    const product = byId.get(item.productId);
    if (!product || product.archived) {
      throw conflict(noLongerAvailableMessage(product?.name ?? 'A product in your cart'));
    }
    // SPEC 5: quantity from minQuantity to 10 (a minimum above 10 is capped, as the cart does).
    const min = Math.min(Math.max(product.minQuantity, DEFAULT_MIN_QUANTITY), MAX_QUANTITY);
    if (item.quantity < min) throw invalid(quantityRangeMessage(product.name, min));

    const personalisation = checkPersonalisation(product.personalisation, item.personalisation);
    if (!personalisation.ok) {
      const [first] = personalisation.problems;
      throw invalid(
        `${product.name}: ${first?.message ?? PERSONALISATION_MESSAGES.notPersonalisable}`,
        personalisation.problems.map((problem) => ({
          path: `items.${index}.personalisation.${problem.field}`,
          message: problem.message,
        })),
      );
    }

    let isPreOrder = false;
    const units = wanted.get(product.id) ?? item.quantity;
    if (product.stock < units) {
      if (product.stock > 0) throw conflict(onlyLeftMessage(product.name, product.stock));
      if (!product.allowPreOrder) throw conflict(outOfStockMessage(product.name));
      // SPEC 4: out of stock with pre-order allowed. The shopper must have seen it as a pre-order
      // (a longer wait), not as in stock.
      if (item.inStock !== false) throw conflict(preOrderOnlyMessage(product.name));
      isPreOrder = true;
    }
    return {
      productId: product.id,
      name: product.name,
      image: product.image,
      pricePaise: product.pricePaise,
      quantityTiers: product.quantityTiers,
      categoryId: product.categoryId,
      quantity: item.quantity,
      isPreOrder,
      personalisation: personalisation.record,
    };
  });
  // Photos are looked up once the cheap checks have passed.
  for (const [index, line] of priced.entries()) {
    const photo = line.personalisation?.photo;
    if (photo && !(await photoExists(photo))) {
      throw invalid(`${line.name}: ${PERSONALISATION_MESSAGES.photoMissing}`, [
        { path: `items.${index}.personalisation.photo`, message: PERSONALISATION_MESSAGES.photoMissing },
      ]);
    }
  }
  return priced;
}
