import { useState } from 'react';
import type { OrderItemRecord } from '../../../shared/api/orders';
import { formatInr, formatLineAmount } from '../../../shared/money';
import { orderItemKey } from '../../../shared/personalisation-rules';
import { GiftIcon } from '../../components/icons';
import { PersonalisationDetails } from '../../components/personalisation-details';

function ItemImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span
        aria-hidden="true"
        className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-brand-100"
      >
        <GiftIcon className="h-6 w-6 text-brand-600" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      onError={() => setFailed(true)}
      className="h-14 w-14 shrink-0 rounded-lg bg-brand-100 object-cover"
    />
  );
}

/** An order's lines: image, name, 'price x quantity' and the line total (SPEC 2). */
export function OrderItemList({ items }: { items: readonly OrderItemRecord[] }) {
  return (
    <ul className="divide-y divide-brand-100">
      {items.map((item) => (
        <li key={orderItemKey(item)} className="flex items-center gap-3 py-3">
          <ItemImage src={item.product.image} />
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 font-semibold text-stone-900">{item.product.name}</p>
            <p className="text-sm text-stone-600">
              {formatInr(item.price)} x {item.quantity}
              {item.isPreOrder && (
                <span className="ml-2 rounded bg-purple-100 px-1.5 py-0.5 text-xs font-semibold text-purple-800">
                  Pre-Order
                </span>
              )}
            </p>
            {item.personalisation && (
              <PersonalisationDetails
                fields={item.personalisation.fields}
                photo={item.personalisation.photo}
              />
            )}
          </div>
          <p className="font-bold text-stone-900">
            <span className="sr-only">Line total: </span>
            {formatLineAmount(item)}
          </p>
        </li>
      ))}
    </ul>
  );
}
