import { useState } from 'react';
import { Link } from 'react-router';
import { MAX_QUANTITY, STOCK_STATUS_LABELS, stockStatus } from '../../../shared/cart-rules';
import { formatInr } from '../../../shared/money';
import { SelectField } from '../../components/form-field';
import { GiftIcon } from '../../components/icons';
import { PersonalisationDetails } from '../../components/personalisation-details';
import { minQuantityOf } from './cart-controls';
import {
  type CartItem,
  cartItemPath,
  cartLineKey,
  cartLineName,
  lineTotal,
  personalisationFieldsOf,
} from './cart-item';
import { useCartActions } from './use-cart';

function LineImage({ item }: { item: CartItem }) {
  const [failed, setFailed] = useState(false);
  if (!item.image || failed) {
    return (
      <span
        className="flex h-20 w-20 shrink-0 items-center justify-center rounded-lg bg-brand-100"
        aria-hidden="true"
      >
        <GiftIcon className="h-8 w-8 text-brand-600" />
      </span>
    );
  }
  return (
    <img
      src={item.image}
      alt=""
      width={80}
      height={80}
      loading="lazy"
      onError={() => setFailed(true)}
      className="h-20 w-20 shrink-0 rounded-lg bg-brand-100 object-cover"
    />
  );
}

/** SPEC 5: the cart selector offers 1 to 10 (from the product's minimum when it has one). */
function quantityOptions(item: CartItem): number[] {
  const from = Math.min(minQuantityOf(item), item.quantity);
  return Array.from({ length: MAX_QUANTITY - from + 1 }, (_, index) => from + index);
}

/** One cart line: image, name linking to the product, price, quantity, line total and Remove. */
export function CartLine({ item, notes }: { item: CartItem; notes: string[] }) {
  const { updateQuantity, removeItem } = useCartActions();
  const status = stockStatus(item);
  const key = cartLineKey(item);
  // The same product personalised twice is two lines, told apart by their values.
  const name = cartLineName(item);
  const selectId = `cart-quantity-${key.replace(/[^\w-]/g, '_')}`;
  return (
    <li className="flex gap-3 rounded-xl border border-brand-100 bg-white p-3 shadow-sm">
      <LineImage item={item} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={cartItemPath(item)}
          className="line-clamp-2 font-semibold text-stone-900 hover:text-brand-700"
        >
          {item.name}
        </Link>
        <PersonalisationDetails
          fields={personalisationFieldsOf(item)}
          photo={item.personalisation?.photo ?? null}
        />
        <p className="text-sm text-stone-600">
          {formatInr(item.price)} each
          {status !== 'in_stock' && (
            <span
              className={`ml-2 rounded px-1.5 py-0.5 text-xs font-semibold ${
                status === 'pre_order' ? 'bg-purple-100 text-purple-800' : 'bg-red-100 text-red-800'
              }`}
            >
              {STOCK_STATUS_LABELS[status]}
            </span>
          )}
        </p>
        {notes.map((note) => (
          <p key={note} className="text-sm font-semibold text-brand-800">
            {note}
          </p>
        ))}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <SelectField
            id={selectId}
            label="Qty"
            // The visible "Qty" beside it is short; read out, the box names its line.
            aria-label={`Quantity of ${name}`}
            compact
            labelClassName="text-sm text-stone-700"
            className="min-h-10"
            options={quantityOptions(item).map((quantity) => ({
              value: String(quantity),
              label: String(quantity),
            }))}
            value={item.quantity}
            onChange={(event) => updateQuantity(key, Number(event.target.value))}
          />
          <p className="font-bold text-stone-900">
            <span className="sr-only">Line total: </span>
            {formatInr(lineTotal(item))}
          </p>
        </div>
        <button
          type="button"
          onClick={() => removeItem(key)}
          aria-label={`Remove ${name} from cart`}
          className="self-start rounded px-1 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
        >
          Remove
        </button>
      </div>
    </li>
  );
}
