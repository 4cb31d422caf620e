import { useEffect } from 'react';
import { useController } from 'react-hook-form';
import { ADD_ON_STEP_TITLE, carriesGiftMessage, SKIP_ADD_ONS } from '../../../shared/add-ons';
import type { AddOn, Product } from '../../../shared/api/catalog';
import { formatInr } from '../../../shared/money';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { CheckboxGroupField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { useAddOns } from './catalog-api';
import { ProductImage } from './product-image';

const checkAddOns = checksOnFirstUse(
  () => import('./add-on-checks'),
  (checks) => checks.checkAddOns,
);

/**
 * Decision 0079: after Add to Cart on a gift, the add-ons its category offers, every box unticked.
 * Only what the shopper ticks is handed to `onAdd` (the page puts it in the cart); "Skip and
 * continue", Close and Escape add nothing (basket sneaking, CCPA Dark Patterns Guidelines 2023).
 * The step is an offer, never a hurdle: while the add-ons load, when there are none or when they
 * cannot be loaded, nothing stands between the shopper and the gift already in the cart.
 */
export function AddOnStep({
  product,
  onAdd,
  onClose,
}: {
  product: Pick<Product, 'id' | 'name'>;
  onAdd(chosen: AddOn[]): void;
  onClose(): void;
}) {
  const addOns = useAddOns(product.id);
  const nothingToOffer = addOns.isError || (addOns.isSuccess && addOns.data.length === 0);
  useEffect(() => {
    if (nothingToOffer) onClose();
  }, [nothingToOffer, onClose]);
  if (!addOns.isSuccess || addOns.data.length === 0) return null;
  return <AddOnChoice product={product} addOns={addOns.data} onAdd={onAdd} onClose={onClose} />;
}

function AddOnChoice({
  product,
  addOns,
  onAdd,
  onClose,
}: {
  product: Pick<Product, 'name'>;
  addOns: AddOn[];
  onAdd(chosen: AddOn[]): void;
  onClose(): void;
}) {
  // Every box unticked (decision 0079).
  const { control, handleSubmit } = useCheckedForm({
    checks: checkAddOns,
    defaultValues: { addOnIds: [] as string[] },
  });
  const { field } = useController({ control, name: 'addOnIds' });
  // In the order offered, whatever the order ticked.
  const chosenOf = (ids: readonly string[]) => addOns.filter((addOn) => ids.includes(String(addOn.id)));
  const chosen = chosenOf(field.value);
  const total = chosen.reduce((sum, addOn) => sum + addOn.price, 0);

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={ADD_ON_STEP_TITLE}
      subtitle={`${product.name} is in your cart. Add something to go with it?`}
    >
      <form
        onSubmit={handleSubmit(({ addOnIds }) => onAdd(chosenOf(addOnIds)))}
        onFocus={checkAddOns.preload}
        noValidate
      >
        <div className="max-h-[55vh] overflow-y-auto">
          <CheckboxGroupField
            legend={`Add-ons for ${product.name}`}
            legendClassName="sr-only"
            className="gap-2"
            optionClassName="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-brand-100 p-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            {...field}
            options={addOns.map((addOn) => ({
              value: String(addOn.id),
              label: (
                <span className="flex min-w-0 flex-1 items-center gap-3">
                  <ProductImage
                    src={addOn.image}
                    alt=""
                    size={56}
                    className="h-14 w-14 shrink-0 rounded-md object-cover"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block break-words font-semibold text-stone-900">{addOn.name}</span>
                    {carriesGiftMessage(addOn.addOnKind) && (
                      <span className="block text-xs text-stone-600">
                        We write your gift message in it: add the message at checkout.
                      </span>
                    )}
                  </span>
                  <span className="shrink-0 font-semibold text-stone-900">{formatInr(addOn.price)}</span>
                </span>
              ),
            }))}
          />
        </div>
        <div className="mt-4 flex flex-col gap-2">
          <Button type="submit" disabled={chosen.length === 0}>
            {chosen.length === 0
              ? 'Tick an add-on to add it'
              : `Add ${chosen.length} to cart (${formatInr(total)})`}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {SKIP_ADD_ONS}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
