import { useId } from 'react';
import type { Category } from '../../../shared/api/catalog';
import { DELIVERY_SPEEDS, GIFT_FILTER_MESSAGES, OCCASIONS, RECIPIENTS } from '../../../shared/gift-finder';
import { effectiveSort, type ListingFilters, SORT_OPTIONS } from './listing-filters';

const fieldClass =
  'min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-brand-600';

/**
 * SPEC 2 listing sort, kept outside the filters (decision 0070) so a phone shows it without
 * opening them. 'Best Match' is offered only while searching.
 */
export function SortSelect({
  filters,
  onChange,
}: {
  filters: ListingFilters;
  onChange(changes: Partial<ListingFilters>): void;
}) {
  const id = useId();
  const searching = filters.search.trim() !== '';
  const sortOptions = SORT_OPTIONS.filter((option) => option.value !== 'relevance' || searching);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={`${id}-sort`} className="shrink-0 text-sm font-semibold text-stone-800">
        Sort By
      </label>
      <select
        id={`${id}-sort`}
        value={effectiveSort(filters)}
        onChange={(event) => onChange({ sort: event.target.value as ListingFilters['sort'] })}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900 focus:border-brand-600"
      >
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * SPEC 2 listing filters (search, category, min and max price, 'Clear All Filters') and the gift
 * filters of decision 0070: how soon at the chosen pincode, occasion and recipient.
 */
export function FiltersPanel({
  filters,
  categories,
  countries = [],
  pincode = null,
  problem,
  onChange,
  onClear,
}: {
  filters: ListingFilters;
  categories: readonly Category[];
  /** The shopper's delivery pincode; the delivery filters need one. */
  pincode?: string | null;
  /** Decision 0059: the countries of origin for sale; the filter shows once there are two. */
  countries?: readonly string[];
  /** Why the prices cannot be used, shown under them. */
  problem: string | null;
  onChange(changes: Partial<ListingFilters>): void;
  onClear(): void;
}) {
  const id = useId();
  return (
    <form
      aria-label="Filter products"
      className="flex flex-col gap-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-search`} className="text-sm font-semibold text-stone-800">
          Search
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={filters.search}
          maxLength={500}
          placeholder="Try 'diya' or 'chocolate bouquet'"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => onChange({ search: event.target.value })}
          className={fieldClass}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-category`} className="text-sm font-semibold text-stone-800">
          Category
        </label>
        <select
          id={`${id}-category`}
          value={filters.category}
          onChange={(event) => onChange({ category: event.target.value })}
          className={fieldClass}
        >
          <option value="">All Categories</option>
          {categories.map((category) => (
            <option key={category.id} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-stone-800">
          {pincode ? `Delivery to ${pincode}` : 'Delivery'}
        </legend>
        {pincode ? (
          <div className="flex flex-col">
            {[{ value: '', label: 'Any day' } as const, ...DELIVERY_SPEEDS].map((speed) => (
              <label key={speed.value} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
                <input
                  type="radio"
                  name={`${id}-delivery`}
                  value={speed.value}
                  checked={(filters.delivery ?? '') === speed.value}
                  onChange={() => onChange({ delivery: speed.value })}
                  className="h-4 w-4 accent-brand-600"
                />
                {speed.label}
              </label>
            ))}
          </div>
        ) : (
          <p className="text-sm text-stone-600">{GIFT_FILTER_MESSAGES.pincodeNeeded}.</p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-occasion`} className="text-sm font-semibold text-stone-800">
          Occasion
        </label>
        <select
          id={`${id}-occasion`}
          value={filters.occasion ?? ''}
          onChange={(event) => onChange({ occasion: event.target.value as ListingFilters['occasion'] })}
          className={fieldClass}
        >
          <option value="">Any occasion</option>
          {OCCASIONS.map((occasion) => (
            <option key={occasion.tag} value={occasion.tag}>
              {occasion.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-recipient`} className="text-sm font-semibold text-stone-800">
          Gift for
        </label>
        <select
          id={`${id}-recipient`}
          value={filters.recipient ?? ''}
          onChange={(event) => onChange({ recipient: event.target.value as ListingFilters['recipient'] })}
          className={fieldClass}
        >
          <option value="">Anyone</option>
          {RECIPIENTS.map((recipient) => (
            <option key={recipient.tag} value={recipient.tag}>
              {recipient.label}
            </option>
          ))}
        </select>
      </div>
      {countries.length > 1 && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-country`} className="text-sm font-semibold text-stone-800">
            Country of origin
          </label>
          <select
            id={`${id}-country`}
            value={filters.country ?? ''}
            onChange={(event) => onChange({ country: event.target.value })}
            className={fieldClass}
          >
            <option value="">All Countries</option>
            {countries.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-stone-800">Price (₹)</legend>
        <div className="grid grid-cols-2 gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-min`} className="text-xs text-stone-600">
              Min Price
            </label>
            <input
              id={`${id}-min`}
              inputMode="numeric"
              value={filters.minPrice}
              placeholder="0"
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-price-problem` : undefined}
              onChange={(event) => onChange({ minPrice: event.target.value })}
              className={fieldClass}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-max`} className="text-xs text-stone-600">
              Max Price
            </label>
            <input
              id={`${id}-max`}
              inputMode="numeric"
              value={filters.maxPrice}
              placeholder="Any"
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-price-problem` : undefined}
              onChange={(event) => onChange({ maxPrice: event.target.value })}
              className={fieldClass}
            />
          </div>
        </div>
        {problem && (
          <p id={`${id}-price-problem`} className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </fieldset>
      <button
        type="button"
        onClick={onClear}
        className="min-h-11 rounded-lg border border-brand-600 bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        Clear All Filters
      </button>
    </form>
  );
}
