import { useId } from 'react';
import type { Category } from '../../../shared/api/catalog';
import { DELIVERY_SPEEDS, GIFT_FILTER_MESSAGES, OCCASIONS, RECIPIENTS } from '../../../shared/gift-finder';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { FormField, RadioGroupField, SelectField } from '../../components/form-field';
import { effectiveSort, type ListingFilters, SORT_OPTIONS } from './listing-filters';

// The filters' check loads at the form's first focus, not with the listing (decision 0088).
const checkFilters = checksOnFirstUse(
  () => import('./filters-checks'),
  (checks) => checks.checkFilters,
);

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
    <SelectField
      id={`${id}-sort`}
      label="Sort By"
      compact
      className="min-h-11"
      options={sortOptions}
      value={effectiveSort(filters)}
      onChange={(event) => onChange({ sort: event.target.value as ListingFilters['sort'] })}
    />
  );
}

/**
 * SPEC 2 listing filters (search, category, min and max price, 'Clear All Filters') and the gift
 * filters of decision 0070: how soon at the chosen pincode, occasion and recipient. The values are
 * the page's filters (the address bar's, and what is being typed): each change goes to the page at
 * once, which follows it in the address bar; Enter hands them over too.
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
  const { register, handleSubmit, formState, getValues } = useCheckedForm({
    checks: checkFilters,
    // "Any day", any occasion and anyone are the filters left unset, not choices made for the shopper.
    values: {
      ...filters,
      delivery: filters.delivery ?? '',
      occasion: filters.occasion ?? '',
      recipient: filters.recipient ?? '',
    },
  });
  const errors = formState.errors;
  // Each change goes to the page at once: the values are its filters.
  const follow = (name: keyof ListingFilters) =>
    register(name, { onChange: () => onChange({ [name]: getValues(name) }) });
  // The page drawn on the server (entry-server.tsx) shows the address bar's filters before the
  // form takes the boxes over in the browser.
  const shown = (name: Exclude<keyof ListingFilters, 'delivery'>) => ({
    ...follow(name),
    defaultValue: filters[name] ?? '',
  });
  const priceProblem = problem
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-price-problem` }
    : {};

  return (
    <form
      aria-label="Filter products"
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((values) => onChange(values))}
      onFocus={checkFilters.preload}
      noValidate
    >
      {errors.root && <p className="text-sm text-red-700">{errors.root.message}</p>}
      <FormField
        id={`${id}-search`}
        label="Search"
        type="search"
        maxLength={500}
        placeholder="Try 'diya' or 'chocolate bouquet'"
        autoComplete="off"
        enterKeyHint="search"
        error={errors.search?.message}
        {...shown('search')}
      />
      <SelectField
        id={`${id}-category`}
        label="Category"
        options={[
          { value: '', label: 'All Categories' },
          ...categories.map((category) => ({ value: category.slug, label: category.name })),
        ]}
        {...shown('category')}
      />
      {pincode ? (
        <RadioGroupField
          legend={`Delivery to ${pincode}`}
          options={[{ value: '', label: 'Any day' }, ...DELIVERY_SPEEDS]}
          {...follow('delivery')}
        />
      ) : (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-semibold text-stone-800">Delivery</legend>
          <p className="text-sm text-stone-600">{GIFT_FILTER_MESSAGES.pincodeNeeded}.</p>
        </fieldset>
      )}
      <SelectField
        id={`${id}-occasion`}
        label="Occasion"
        options={[
          { value: '', label: 'Any occasion' },
          ...OCCASIONS.map((occasion) => ({ value: occasion.tag, label: occasion.label })),
        ]}
        {...shown('occasion')}
      />
      <SelectField
        id={`${id}-recipient`}
        label="Gift for"
        options={[
          { value: '', label: 'Anyone' },
          ...RECIPIENTS.map((recipient) => ({ value: recipient.tag, label: recipient.label })),
        ]}
        {...shown('recipient')}
      />
      {countries.length > 1 && (
        <SelectField
          id={`${id}-country`}
          label="Country of origin"
          options={[
            { value: '', label: 'All Countries' },
            ...countries.map((country) => ({ value: country, label: country })),
          ]}
          {...shown('country')}
        />
      )}
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-stone-800">Price (₹)</legend>
        <div className="grid grid-cols-2 gap-2">
          <FormField
            id={`${id}-min`}
            label="Min Price"
            inputMode="numeric"
            placeholder="0"
            {...priceProblem}
            {...shown('minPrice')}
          />
          <FormField
            id={`${id}-max`}
            label="Max Price"
            inputMode="numeric"
            placeholder="Any"
            {...priceProblem}
            {...shown('maxPrice')}
          />
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
