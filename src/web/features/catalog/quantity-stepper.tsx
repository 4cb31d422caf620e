import { MAX_QUANTITY } from '../../../shared/cart-rules';

/** SPEC 5: the product page's quantity goes from minQuantity to 10. */
export function QuantityStepper({
  value,
  min,
  onChange,
  disabled = false,
}: {
  value: number;
  min: number;
  onChange(next: number): void;
  disabled?: boolean;
}) {
  const button =
    'flex h-11 w-11 items-center justify-center text-xl font-bold text-brand-700 hover:bg-brand-100 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent';
  return (
    <fieldset
      className="inline-flex items-center overflow-hidden rounded-lg border-2 border-brand-200 bg-white"
      disabled={disabled}
    >
      <legend className="sr-only">Quantity</legend>
      <button
        type="button"
        aria-label="Decrease quantity"
        className={button}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output aria-live="polite" aria-label="Quantity" className="min-w-10 text-center text-lg font-bold">
        {value}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        className={button}
        disabled={value >= MAX_QUANTITY}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </fieldset>
  );
}
