import { Link } from 'react-router';
import { CART_LIMIT_MESSAGE, MAX_QUANTITY } from '../../../shared/cart-rules';

/**
 * SPEC 5: the product page's quantity goes from minQuantity to 10. At 10 it says why it stops and,
 * given `bulkPath`, offers the bulk enquiry instead of a greyed "+" alone (decision 0080).
 */
export function QuantityStepper({
  value,
  min,
  onChange,
  disabled = false,
  bulkPath,
}: {
  value: number;
  min: number;
  onChange(next: number): void;
  disabled?: boolean;
  bulkPath?: string;
}) {
  const button =
    'flex h-11 w-11 items-center justify-center text-xl font-bold text-brand-700 hover:bg-brand-100 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent';
  const atLimit = !disabled && value >= MAX_QUANTITY;
  return (
    <div className="flex flex-col gap-2">
      <fieldset
        className="inline-flex w-fit items-center overflow-hidden rounded-lg border-2 border-brand-200 bg-white"
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
      {/* Always present, so a screen reader hears the words when 10 is reached. */}
      <p aria-live="polite" className="text-sm text-stone-700 empty:hidden">
        {atLimit && (
          <>
            {CART_LIMIT_MESSAGE}{' '}
            {bulkPath && (
              <Link to={bulkPath} className="font-semibold text-brand-700 underline">
                Need more? Get a bulk price
              </Link>
            )}
          </>
        )}
      </p>
    </div>
  );
}
