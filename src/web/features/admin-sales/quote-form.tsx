import { useId, useState } from 'react';
import type { NewQuoteInput } from '../../../shared/api/quotes';
import { QUOTE_DEFAULT_VALID_DAYS } from '../../../shared/api/quotes-rules';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import { describeTiers } from '../../../shared/quantity-tier-rules';
import { useAdminProduct } from '../../api/admin-catalog';
import { ApiError } from '../../api/client';
import { errorMessage, Field, inputClass } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { QuoteLines } from '../../components/quote-lines';
import { ErrorBanner } from '../../components/status-message';
import { QuoteProductFinder } from './quote-product-finder';
import { usePreviewQuote, useSendQuote } from './quotes-api';

type LineDraft = { key: number; productId: string; quantity: string; unitPrice: string };

const ADDRESS_FIELDS = [
  { name: 'fullName', label: 'Full Name' },
  { name: 'address', label: 'Address' },
  { name: 'city', label: 'City' },
  { name: 'postalCode', label: 'Postal Code' },
  { name: 'phone', label: 'Phone Number' },
] as const;
type AddressDraft = Record<(typeof ADDRESS_FIELDS)[number]['name'], string>;

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

/** The server's field errors by path ('lines.0.quantity'), for the field that caused them. */
function fieldErrors(error: unknown): Map<string, string> {
  const found = new Map<string, string>();
  if (error instanceof ApiError) {
    for (const problem of error.errors)
      if (!found.has(problem.path)) found.set(problem.path, problem.message);
  }
  return found;
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
  const [customerEmail, setCustomerEmail] = useState(email);
  const [customerPhone, setCustomerPhone] = useState('');
  const [buyerGstin, setBuyerGstin] = useState('');
  const [buyerLegalName, setBuyerLegalName] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([{ key: 0, productId: '', quantity: '', unitPrice: '' }]);
  const [address, setAddress] = useState<AddressDraft>({
    fullName: '',
    address: '',
    city: '',
    postalCode: '',
    phone: '',
  });
  const [validDays, setValidDays] = useState(String(QUOTE_DEFAULT_VALID_DAYS));

  // Blank fields are left out: the server then takes them from the enquiry, when there is one.
  const addressGiven = Object.values(address).some((value) => value.trim() !== '');
  const body = (): NewQuoteInput => ({
    ...(customerEmail.trim() ? { customerEmail: customerEmail.trim() } : {}),
    ...(customerPhone.trim() ? { customerPhone } : {}),
    ...(buyerGstin.trim() ? { buyerGstin } : {}),
    ...(buyerLegalName.trim() ? { buyerLegalName } : {}),
    ...(enquiryId ? { bulkEnquiryId: enquiryId } : {}),
    lines: lines.map((line) => ({
      productId: Number(line.productId),
      quantity: Number(line.quantity),
      ...(line.unitPrice.trim() ? { unitPrice: Number(line.unitPrice) } : {}),
    })),
    ...(addressGiven || !enquiryId ? { shippingAddress: address } : {}),
    validDays: Number(validDays),
  });
  const lastError = send.error ?? preview.error;
  const errors = fieldErrors(lastError);
  const addressError = [...errors].find(([path]) => path.startsWith('shippingAddress'))?.[1];
  const changeLine = (key: number, change: Partial<LineDraft>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));

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
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(body());
      }}
    >
      {enquiryId && (
        <p className="text-sm text-stone-700">Answers bulk enquiry #{enquiryId}; it moves to Quoted.</p>
      )}
      <Field id={`${id}-email`} label="Customer e-mail" error={errors.get('customerEmail')}>
        <input
          id={`${id}-email`}
          type="email"
          className={inputClass}
          value={customerEmail}
          onChange={(event) => setCustomerEmail(event.target.value)}
        />
      </Field>
      <Field
        id={`${id}-customer-phone`}
        label="Customer phone (optional)"
        error={errors.get('customerPhone')}
      >
        <input
          id={`${id}-customer-phone`}
          type="tel"
          inputMode="tel"
          className={inputClass}
          value={customerPhone}
          onChange={(event) => setCustomerPhone(event.target.value)}
        />
      </Field>
      <p className="-mt-2 text-sm text-stone-600">
        No account is needed: the link opens the quote, and the customer signs in or registers with this
        e-mail to pay.{enquiryId ? ' Left empty, the enquiry’s e-mail and phone are used.' : ''}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-gstin`} label="Buyer's GSTIN (optional)" error={errors.get('buyerGstin')}>
          <input
            id={`${id}-gstin`}
            className={inputClass}
            value={buyerGstin}
            onChange={(event) => setBuyerGstin(event.target.value)}
          />
        </Field>
        <Field
          id={`${id}-legal-name`}
          label="Buyer's legal name (optional)"
          error={errors.get('buyerLegalName')}
        >
          <input
            id={`${id}-legal-name`}
            className={inputClass}
            value={buyerLegalName}
            onChange={(event) => setBuyerLegalName(event.target.value)}
          />
        </Field>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-stone-800">Products</legend>
        <QuoteProductFinder
          onPick={(product) =>
            setLines((current) => {
              // The first empty line takes it; otherwise it is a new line.
              const empty = current.find((line) => line.productId.trim() === '');
              if (empty) {
                return current.map((line) =>
                  line === empty ? { ...line, productId: String(product.id) } : line,
                );
              }
              const key = Math.max(...current.map((line) => line.key)) + 1;
              return [...current, { key, productId: String(product.id), quantity: '', unitPrice: '' }];
            })
          }
        />
        {lines.map((line, index) => (
          <div key={line.key} className="flex flex-col gap-1">
            <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]">
              <Field
                id={`${id}-product-${line.key}`}
                label={`Product ID (line ${index + 1})`}
                error={errors.get(`lines.${index}.productId`)}
              >
                <input
                  id={`${id}-product-${line.key}`}
                  inputMode="numeric"
                  className={inputClass}
                  value={line.productId}
                  onChange={(event) => changeLine(line.key, { productId: event.target.value })}
                />
              </Field>
              <Field
                id={`${id}-quantity-${line.key}`}
                label={`Quantity (line ${index + 1})`}
                error={errors.get(`lines.${index}.quantity`)}
              >
                <input
                  id={`${id}-quantity-${line.key}`}
                  inputMode="numeric"
                  className={inputClass}
                  value={line.quantity}
                  onChange={(event) => changeLine(line.key, { quantity: event.target.value })}
                />
              </Field>
              <Field
                id={`${id}-price-${line.key}`}
                label={`Agreed price ₹ (line ${index + 1}, optional)`}
                error={errors.get(`lines.${index}.unitPrice`)}
              >
                <input
                  id={`${id}-price-${line.key}`}
                  inputMode="decimal"
                  className={inputClass}
                  value={line.unitPrice}
                  onChange={(event) => changeLine(line.key, { unitPrice: event.target.value })}
                />
              </Field>
              <Button
                variant="secondary"
                disabled={lines.length === 1}
                aria-label={`Remove line ${index + 1}`}
                onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
              >
                Remove
              </Button>
            </div>
            <LineProduct productId={line.productId} />
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              setLines((current) => [
                ...current,
                {
                  key: Math.max(...current.map((line) => line.key)) + 1,
                  productId: '',
                  quantity: '',
                  unitPrice: '',
                },
              ])
            }
          >
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
          <Field key={field.name} id={`${id}-${field.name}`} label={field.label}>
            <input
              id={`${id}-${field.name}`}
              className={inputClass}
              value={address[field.name]}
              onChange={(event) =>
                setAddress((current) => ({ ...current, [field.name]: event.target.value }))
              }
            />
          </Field>
        ))}
        {addressError && <p className="text-sm text-red-700 sm:col-span-2">{addressError}</p>}
      </fieldset>

      <Field id={`${id}-valid`} label="Valid for (days)" error={errors.get('validDays')}>
        <input
          id={`${id}-valid`}
          inputMode="numeric"
          className={`${inputClass} max-w-32`}
          value={validDays}
          onChange={(event) => setValidDays(event.target.value)}
        />
      </Field>

      {preview.data && !preview.isPending && (
        <section aria-label="Quote preview" className="rounded-lg bg-brand-50 p-3">
          <QuoteLines {...preview.data} />
        </section>
      )}
      {lastError && <ErrorBanner>{errorMessage(lastError)}</ErrorBanner>}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={preview.isPending || send.isPending}
          onClick={() => {
            send.reset();
            preview.mutate(body());
          }}
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
