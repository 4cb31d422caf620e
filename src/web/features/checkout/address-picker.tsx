import type { CheckoutAddress } from '../../../shared/address';
import { notDeliverableTo } from '../../../shared/delivery-rules';
import { Button } from '../../components/button';
import { RadioOption } from '../../components/form-field';
import { DIALOG_FOCUS_RETURN } from '../../components/modal';
import { ErrorBanner } from '../../components/status-message';

function RefreshIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M20 11a8 8 0 10-2.3 5.7" />
      <path d="M20 4v7h-7" />
    </svg>
  );
}

/**
 * SPEC 2 "Checkout", left column: the saved addresses as radio cards (full name, city, postal
 * code), with refresh, add and edit. The page owns the list and the modal; this draws them.
 */
export function AddressPicker({
  addresses,
  selectedId,
  loading,
  refreshing = false,
  errors,
  undeliverableId = null,
  onSelect,
  onAdd,
  onEdit,
  onRefresh,
}: {
  addresses: readonly CheckoutAddress[];
  selectedId: number | null;
  loading: boolean;
  refreshing?: boolean;
  /** SPEC 8 address messages, each in its own banner. */
  errors: readonly string[];
  /** The chosen address when the store cannot deliver to its pincode, marked on its card. */
  undeliverableId?: number | null;
  onSelect(id: number): void;
  onAdd(): void;
  onEdit(address: CheckoutAddress): void;
  onRefresh(): void;
}) {
  return (
    <section
      aria-labelledby="shipping-address-title"
      className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        {/* WCAG 2.4.3: focus comes here when a dialog closes after its opener has gone, as the red
            "Edit address" banner goes once the edited address is deliverable. */}
        <h2 id="shipping-address-title" className="text-lg font-bold text-stone-900" {...DIALOG_FOCUS_RETURN}>
          Shipping Address
        </h2>
        <button
          type="button"
          onClick={onRefresh}
          disabled={loading || refreshing}
          aria-label="Refresh addresses"
          title="Refresh addresses"
          className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-brand-700 hover:bg-brand-50 disabled:text-stone-400 ${
            refreshing ? 'animate-spin' : ''
          }`}
        >
          <RefreshIcon />
        </button>
      </div>

      <div className="mt-3 flex flex-col gap-3">
        {errors.map((message) => (
          <ErrorBanner key={message}>{message}</ErrorBanner>
        ))}

        {loading ? (
          <div>
            <p role="status" className="mb-2 flex items-center gap-2 text-sm text-stone-600">
              <span
                aria-hidden="true"
                className="h-4 w-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
              />
              Loading addresses...
            </p>
            {/* The room of one address card, so the sections under it do not jump down when the
                addresses arrive (Core Web Vitals CLS). */}
            <div aria-hidden="true" className="h-22 animate-pulse rounded-xl bg-brand-100" />
          </div>
        ) : addresses.length > 0 ? (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-stone-800">Select an address:</legend>
            <div className="flex flex-col gap-2">
              {addresses.map((address) => {
                const checked = address.id === selectedId;
                return (
                  <div
                    key={address.id}
                    className={`flex items-start gap-3 rounded-xl border-2 p-3 ${
                      checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200 bg-white'
                    }`}
                  >
                    <RadioOption
                      optionClassName="flex min-w-0 flex-1 cursor-pointer items-start gap-3"
                      className="mt-1 h-4 w-4 accent-brand-600"
                      name="shipping-address"
                      value={address.id}
                      checked={checked}
                      onChange={() => onSelect(address.id)}
                      label={
                        <span className="min-w-0">
                          <span className="block font-semibold text-stone-900">
                            {address.fullName}
                            {address.isDefault && (
                              <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-800">
                                Default
                              </span>
                            )}
                          </span>
                          <span className="block text-sm text-stone-700">
                            {address.city} - {address.postalCode}
                          </span>
                          <span className="block text-xs text-stone-500">{address.address}</span>
                          {address.id === undeliverableId && (
                            <span className="mt-1 block text-sm font-semibold text-red-700">
                              {notDeliverableTo(address.postalCode)}
                            </span>
                          )}
                        </span>
                      }
                    />
                    <button
                      type="button"
                      onClick={() => onEdit(address)}
                      aria-label={`Edit address of ${address.fullName}, ${address.city} ${address.postalCode}`}
                      className="min-h-11 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-100"
                    >
                      Edit
                    </button>
                  </div>
                );
              })}
            </div>
          </fieldset>
        ) : (
          <p className="text-sm text-stone-600">No saved addresses yet. Add one to continue.</p>
        )}

        <Button variant="secondary" onClick={onAdd} className="self-start">
          <span aria-hidden="true">+</span> Add New Address
        </Button>
      </div>
    </section>
  );
}
