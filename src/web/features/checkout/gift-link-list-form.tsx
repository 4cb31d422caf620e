import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useCallback, useId, useMemo, useRef } from 'react';
import { useController } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type {
  CreateGiftLinkBatchInput,
  CreateGiftLinkBatchResponse,
  GiftLinkRecipientRows,
} from '../../../shared/api/gift-links';
import type {
  CreateOrderResponse,
  VerifyPaymentPayload,
  VerifyPaymentResponse,
} from '../../../shared/api/payments';
import { GIFT_LINK_LIST_MAX_ROWS } from '../../../shared/gift-links';
import { GIFT_MESSAGE_MAX } from '../../../shared/gift-options';
import { formatInr } from '../../../shared/money';
import { ApiError, apiRequest } from '../../api/client';
import { checksOnFirstUse, refusalOnFields, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { CheckboxField, Field, FilePicker, FormField, TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import type { CheckoutLine } from './checkout-lines';
import { GiftLinkSlotChoices, useGiftLinkTotal } from './gift-link-choices';
import { giftLinkListSent, NO_GIFT_LINK_LIST } from './gift-link-values';

// Decision 0090: one gift to every recipient of a pasted or uploaded list, each an order of its
// own, paid once. Every row is checked, and each bad one named, before the Pay button is offered.
// The server's schema checks the rest of the form, loaded at its first focus (decision 0088).

/** The payment window the page hands in (features/payment's usePaymentWindow): pages compose features. */
export type PaymentWindow = (options: {
  startOrder(): Promise<CreateOrderResponse>;
  payer: { name: string; email: string; contact: string };
  onPaid(paid: { order: CreateOrderResponse; verification: VerifyPaymentResponse }): void;
  verifyPayment(payload: VerifyPaymentPayload): Promise<VerifyPaymentResponse>;
  description(order: CreateOrderResponse): string;
}) => { phase: 'idle' | 'creating' | 'verifying'; message: string | null; pay(): Promise<void> };

const checkGiftLinkList = checksOnFirstUse(
  () => import('./gift-link-checks'),
  (checks) => checks.checkGiftLinkList,
);
const CHECK_FAILED = "We couldn't check the list just now. Please try again.";
const NO_COUPON = 'Coupons apply to one order, so not to a list.';
const REFUSED_FIELDS = ['allowedSlots', 'message', 'business.gstin', 'business.legalName'] as const;

const verifyBatch = (payload: VerifyPaymentPayload) =>
  apiRequest<VerifyPaymentResponse>('/gift-links/batches/verify', { method: 'POST', body: payload });

export function GiftLinkListForm({
  lines,
  shippingFee,
  blocked,
  payer,
  usePaymentWindow,
}: {
  lines: readonly CheckoutLine[];
  /** Rupees: the cart's shipping quote, which each recipient's order pays as every order does. */
  shippingFee: number;
  blocked: boolean;
  payer: { name: string; email: string; contact: string };
  usePaymentWindow: PaymentWindow;
}) {
  const navigate = useNavigate();
  const rowsId = useId();
  const { register, control, handleSubmit, formState, setError, setValue, getValues, watch } = useCheckedForm(
    {
      checks: checkGiftLinkList,
      defaultValues: NO_GIFT_LINK_LIST,
    },
  );
  const errors = formState.errors;
  const slots = useController({ control, name: 'allowedSlots' });
  const list = watch('list');
  // One key for the same batch, so a double press or a retry never places a second one.
  const idempotency = useRef<{ body: string; key: string } | null>(null);

  const check = useMutation({
    mutationFn: (text: string) =>
      apiRequest<GiftLinkRecipientRows>('/gift-links/recipients', { method: 'POST', body: { list: text } }),
  });
  // The server's answer holds for the list it checked, until the list is changed.
  const checkedNow = check.variables === list;
  const ready = checkedNow && check.data ? check.data.recipients.length : 0;
  const rowProblems =
    checkedNow && check.error instanceof ApiError ? check.error.errors.map((issue) => issue.message) : [];
  const problem = checkedNow && check.error ? check.error.message || CHECK_FAILED : null;
  const each = useGiftLinkTotal(lines, shippingFee, 0, slots.field.value);
  const total = each * ready;

  const startOrder = useCallback(async (): Promise<CreateOrderResponse> => {
    const sent: CreateGiftLinkBatchInput = {
      items: lines.map((line) => ({ productId: line.id, quantity: line.quantity })),
      totalAmount: total,
      ...giftLinkListSent(getValues()),
    };
    const text = JSON.stringify(sent);
    if (idempotency.current?.body !== text) idempotency.current = { body: text, key: crypto.randomUUID() };
    try {
      return await apiRequest<CreateGiftLinkBatchResponse>('/gift-links/batches', {
        method: 'POST',
        body: sent,
        headers: { 'idempotency-key': idempotency.current.key },
      });
    } catch (error) {
      refusalOnFields(error, REFUSED_FIELDS, setError);
      throw error;
    }
  }, [lines, total, getValues, setError]);

  const payment = usePaymentWindow({
    startOrder,
    payer,
    onPaid: useCallback(() => navigate('/orders'), [navigate]),
    verifyPayment: verifyBatch,
    description: useCallback((order: CreateOrderResponse) => `Gift links ${order.orderNumber}`, []),
  });

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setValue('list', await file.text());
  };

  const pay = handleSubmit(() => payment.pay());

  const summary = useMemo(
    () => (ready > 0 ? `${ready} recipients ready: ${formatInr(each)} each` : null),
    [ready, each],
  );

  return (
    <form
      onSubmit={(event) => {
        if (ready > 0) return void pay(event);
        event.preventDefault();
        if (list.trim()) check.mutate(list);
      }}
      onFocus={checkGiftLinkList.preload}
      noValidate
      aria-label="Send gift links to a list"
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <p className="text-sm text-stone-700">
        Each recipient gets a link to give their own address and pick a delivery, and becomes an order of its
        own, with its own invoice. You pay once for all of them. {NO_COUPON}
      </p>
      <TextAreaField
        label={`Recipients, one a line: name, mobile or e-mail, message (up to ${GIFT_LINK_LIST_MAX_ROWS})`}
        rows={6}
        error={errors.list?.message}
        {...register('list')}
        {...(rowProblems.length > 0 ? { 'aria-describedby': rowsId } : {})}
      />
      <Field id={undefined} label="Or upload a CSV file" error={undefined}>
        {(control) => (
          <FilePicker
            accept=".csv,text/csv,text/plain"
            className="min-w-0 max-w-full"
            onChange={(event) => void upload(event)}
            {...control}
          />
        )}
      </Field>
      {rowProblems.length > 0 && (
        <div
          id={rowsId}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-semibold">{problem}</p>
          <ul className="mt-1 list-disc pl-5">
            {rowProblems.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        </div>
      )}
      {summary && (
        <p role="status" className="font-semibold text-green-800">
          {summary}
        </p>
      )}
      <Button
        type="button"
        variant="secondary"
        disabled={!list.trim() || check.isPending || ready > 0}
        onClick={() => check.mutate(list)}
      >
        {check.isPending ? 'Checking the list...' : 'Check the list'}
      </Button>
      <TextAreaField
        label={`A message for recipients without their own (up to ${GIFT_MESSAGE_MAX} characters)`}
        maxLength={GIFT_MESSAGE_MAX}
        rows={2}
        error={errors.message?.message}
        {...register('message')}
      />
      <CheckboxField
        label="Let the recipients see what the gift is (otherwise it is a surprise)"
        {...register('revealGift')}
      />
      <GiftLinkSlotChoices {...slots.field} error={slots.fieldState.error?.message} />
      <CheckboxField label="Add our company's GSTIN to every invoice" {...register('withBusiness')} />
      {watch('withBusiness') && (
        <>
          <FormField
            label="GSTIN"
            autoComplete="off"
            error={errors.business?.gstin?.message}
            {...register('business.gstin')}
          />
          <FormField
            label="Legal name the GSTIN is registered under"
            autoComplete="organization"
            error={errors.business?.legalName?.message}
            {...register('business.legalName')}
          />
        </>
      )}
      {rowProblems.length === 0 && (problem ?? errors.root?.message ?? payment.message) && (
        <ErrorBanner>{problem ?? errors.root?.message ?? payment.message}</ErrorBanner>
      )}
      <Button
        type="button"
        disabled={blocked || ready === 0 || payment.phase !== 'idle'}
        className="w-full py-3 text-base"
        onClick={(event) => void pay(event)}
      >
        {payment.phase === 'creating'
          ? 'Placing the gift links...'
          : payment.phase === 'verifying'
            ? 'Confirming payment...'
            : ready > 0
              ? `Pay ${formatInr(total)} for ${ready} gift links`
              : 'Check the list to pay'}
      </Button>
    </form>
  );
}
