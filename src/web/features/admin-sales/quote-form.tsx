import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { QUOTE_DEFAULT_VALID_DAYS } from '../../../shared/api/quotes-rules';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import { describeTiers } from '../../../shared/quantity-tier-rules';
import { useAdminProduct } from '../../api/admin-catalog';
import { checksOnFirstUse, refusalOnFields, useCheckedForm } from '../../checked-form';
import { errorMessage } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { QuoteLines } from '../../components/quote-lines';
import { ErrorBanner } from '../../components/status-message';
import { QuoteProductFinder } from './quote-product-finder';
import { quoteSent } from './quote-values';
import { usePreviewQuote, useSendQuote } from './quotes-api';

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const checkQuote = checksOnFirstUse(
  () => import('./sales-checks'),
  (checks) => checks.checkQuote,
);

const EMPTY_LINE = { productId: '', quantity: '', unitPrice: '' };

const ADDRESS_FIELDS = [
  { name: 'fullName', label: 'Full Name' },
  { name: 'address', label: 'Address' },
  { name: 'city', label: 'City' },
  { name: 'postalCode', label: 'Postal Code' },
  { name: 'phone', label: 'Phone Number' },
] as const;
const REFUSABLE = [
  'customerEmail',
  'customerPhone',
  'buyerGstin',
  'buyerLegalName',
  'validDays',
  ...ADDRESS_FIELDS.map((field) => `shippingAddress.${field.name}` as const),
] as const;

/** The product a line's ID names, so the owner sees what they typed: name, price, tiers, stock. */
function LineProduct({ productId }: { productId: string }) {
  const id = /^\d{1,9}$/.test(productId.trim()) ? Number(productId) : null;
  const product = useAdminProduct(id);
  if (id === null) return null;
  if (product.isPending) return <p className="text-sm text-stone-600">Looking up product {id}…</p>;
  if (product.error || !product.data) return <p className="text-sm text-red-700">No product has ID {id}</p>;
  const { name, price, quantityTiers, stock } = product.data.product;
  return (
    <p className="text-sm text-stone-700">
      {name} · {formatInr(price)} · {stock.toLocaleString('en-IN')} in stock ·{' '}
      {quantityTiers.length > 0 ? describeTiers(quantityTiers) : 'no quantity tiers'}
    </p>
  );
}

/**
 * The owner builds a bulk quote for a customer (products × quantities, the
 * delivery address, how long it holds) and sends it as a payable link. Prices come from the
 * server: the preview and the quote are both worked out there from the products' tiers.
 */
export function QuoteForm({ enquiryId, email }: { enquiryId: number | null; email: string }) {
  const id = useId();
  const preview = usePreviewQuote();
  const send = useSendQuote();
  const { register, handleSubmit, formState, setError, control, getValues, setValue, watch } = useCheckedForm(
    {
      checks: checkQuote,
      defaultValues: {
        bulkEnquiryId: enquiryId,
        customerEmail: email,
        customerPhone: '',
        buyerGstin: '',
        buyerLegalName: '',
        lines: [EMPTY_LINE],
        shippingAddress: { fullName: '', address: '', city: '', postalCode: '', phone: '' },
        validDays: String(QUOTE_DEFAULT_VALID_DAYS),
      },
    },
  );
  const lines = useFieldArray({ control, name: 'lines' });
  const errors = formState.errors;
  const lastError = send.error ?? preview.error;
  // A refusal of a field goes under it; the server's message is in the red box as well.
  const showRefusal = (error: unknown) =>
    refusalOnFields(
      error,
      [
        ...REFUSABLE,
        ...lines.fields.flatMap((_, index) => [
          `lines.${index}.productId` as const,
          `lines.${index}.quantity` as const,
          `lines.${index}.unitPrice` as const,
        ]),
      ],
      setError,
    );
  const submit = handleSubmit((values) => send.mutate(quoteSent(values), { onError: showRefusal }));
  const showPreview = handleSubmit((values) => {
    send.reset();
    preview.mutate(quoteSent(values), { onError: showRefusal });
  });
  const addressError = errors.shippingAddress?.message ?? errors.shippingAddress?.root?.message;

  const sent = send.data?.quote;
  if (sent && send.data) {
    const { link } = send.data;
    return (
      <section aria-labelledby={`${id}-sent`} className="rounded-xl border border-green-200 bg-white p-4">
        <h2 id={`${id}-sent`} className="text-lg font-bold text-green-800">
          Quote {sent.orderNumber}{' '}
          {sent.customerEmail ? `sent to ${sent.customerEmail}` : `made for ${sent.customerPhone}`}
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          {sent.customerEmail
            ? 'The customer was e-mailed this link; you can also send it by phone or chat.'
            : 'Send this link to the customer by phone or chat.'}{' '}
          It opens without an account; to pay, they sign in or register with the quote's e-mail. The items are
          reserved until {sent.expiresAt ? formatIndiaDateTime(sent.expiresAt) : 'it is paid'}.
        </p>
        <p className="mt-2 break-all">
          Payable link:{' '}
          <a className="font-semibold text-brand-700 underline" href={link}>
            {link}
          </a>
        </p>
        <div className="mt-3">
          <QuoteLines {...sent} />
        </div>
      </section>
    );
  }

  return (
    <form
      aria-label="Bulk quote"
      noValidate
      className="grid gap-4 rounded-xl border border-brand-100 bg-white p-4"
      onSubmit={submit}
      onFocus={checkQuote.preload}
    >
      {enquiryId && (
        <p className="text-sm text-stone-700">Answers bulk enquiry #{enquiryId}; it moves to Quoted.</p>
      )}
      <FormField
        id={`${id}-email`}
        label="Customer e-mail"
        type="email"
        className="w-full"
        error={errors.customerEmail?.message}
        {...register('customerEmail')}
      />
      <FormField
        id={`${id}-customer-phone`}
        label="Customer phone (optional)"
        type="tel"
        inputMode="tel"
        className="w-full"
        error={errors.customerPhone?.message}
        {...register('customerPhone')}
      />
      <p className="-mt-2 text-sm text-stone-600">
        No account is needed: the link opens the quote, and the customer signs in or registers with this
        e-mail to pay.{enquiryId ? ' Left empty, the enquiry’s e-mail and phone are used.' : ''}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id={`${id}-gstin`}
          label="Buyer's GSTIN (optional)"
          className="w-full"
          error={errors.buyerGstin?.message}
          {...register('buyerGstin')}
        />
        <FormField
          id={`${id}-legal-name`}
          label="Buyer's legal name (optional)"
          className="w-full"
          error={errors.buyerLegalName?.message}
          {...register('buyerLegalName')}
        />
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-stone-800">Products</legend>
        <QuoteProductFinder
          onPick={(product) => {
            // The first empty line takes it; otherwise it is a new line.
            const empty = getValues('lines').findIndex((line) => line.productId.trim() === '');
            if (empty === -1) lines.append({ ...EMPTY_LINE, productId: String(product.id) });
            else setValue(`lines.${empty}.productId`, String(product.id));
          }}
        />
        {lines.fields.map((line, index) => (
          <div key={line.id} className="flex flex-col gap-1">
            <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]">
              <FormField
                id={`${id}-product-${line.id}`}
                label={`Product ID (line ${index + 1})`}
                inputMode="numeric"
                className="w-full"
                error={errors.lines?.[index]?.productId?.message}
                {...register(`lines.${index}.productId`)}
              />
              <FormField
                id={`${id}-quantity-${line.id}`}
                label={`Quantity (line ${index + 1})`}
                inputMode="numeric"
                className="w-full"
                error={errors.lines?.[index]?.quantity?.message}
                {...register(`lines.${index}.quantity`)}
              />
              <FormField
                id={`${id}-price-${line.id}`}
                label={`Agreed price ₹ (line ${index + 1}, optional)`}
                inputMode="decimal"
                className="w-full"
                error={errors.lines?.[index]?.unitPrice?.message}
                {...register(`lines.${index}.unitPrice`)}
              />
              <Button
                variant="secondary"
                disabled={lines.fields.length === 1}
                aria-label={`Remove line ${index + 1}`}
                onClick={() => lines.remove(index)}
              >
                Remove
              </Button>
            </div>
            <LineProduct productId={watch(`lines.${index}.productId`)} />
          </div>
        ))}
        {(errors.lines?.message ?? errors.lines?.root?.message) && (
          <p className="text-sm text-red-700">{errors.lines?.message ?? errors.lines?.root?.message}</p>
        )}
        <div>
          <Button variant="secondary" onClick={() => lines.append(EMPTY_LINE)}>
            Add another product
          </Button>
        </div>
        <p className="text-sm text-stone-600">
          Find a product by name above, or type its ID (shown on the Products page of the back office). An
          agreed price replaces the quantity tier, within your limit below the list price
          {preview.data ? ` (${preview.data.maxDiscountPercent}%)` : ''}.
        </p>
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="text-sm font-semibold text-stone-800">
          Delivery address{enquiryId ? ' (left empty: the enquiry’s)' : ''}
        </legend>
        {ADDRESS_FIELDS.map((field) => (
          <FormField
            key={field.name}
            id={`${id}-${field.name}`}
            label={field.label}
            className="w-full"
            error={errors.shippingAddress?.[field.name]?.message}
            {...register(`shippingAddress.${field.name}`)}
          />
        ))}
        {addressError && <p className="text-sm text-red-700 sm:col-span-2">{addressError}</p>}
      </fieldset>

      <FormField
        id={`${id}-valid`}
        label="Valid for (days)"
        inputMode="numeric"
        className="max-w-32"
        error={errors.validDays?.message}
        {...register('validDays')}
      />

      {preview.data && !preview.isPending && (
        <section aria-label="Quote preview" className="rounded-lg bg-brand-50 p-3">
          <QuoteLines {...preview.data} />
        </section>
      )}
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      {lastError && <ErrorBanner>{errorMessage(lastError)}</ErrorBanner>}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={preview.isPending || send.isPending}
          onClick={() => void showPreview()}
        >
          {preview.isPending ? 'Working out prices...' : 'Preview prices'}
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send quote'}
        </Button>
      </div>
    </form>
  );
}
