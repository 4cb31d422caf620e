import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type {
  CreateGiftLinkBatchInput,
  CreateGiftLinkBatchResponse,
  GiftLinkRecipientRows,
  GiftLinkSlot,
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
import { Button } from '../../components/button';
import { FormField, TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import type { CheckoutLine } from './checkout-lines';
import { GiftLinkSlotChoices, useGiftLinkTotal } from './gift-link-choices';
import { Tick } from './gift-options-field';

// Decision 0090: one gift to every recipient of a pasted or uploaded list, each an order of its
// own, paid once. Every row is checked, and each bad one named, before the Pay button is offered.

/** The payment window the page hands in (features/payment's usePaymentWindow): pages compose features. */
export type PaymentWindow = (options: {
  startOrder(): Promise<CreateOrderResponse>;
  payer: { name: string; email: string; contact: string };
  onPaid(paid: { order: CreateOrderResponse; verification: VerifyPaymentResponse }): void;
  verifyPayment(payload: VerifyPaymentPayload): Promise<VerifyPaymentResponse>;
  description(order: CreateOrderResponse): string;
}) => { phase: 'idle' | 'creating' | 'verifying'; message: string | null; pay(): Promise<void> };

type FieldErrors = Partial<Record<'slots' | 'message' | 'gstin' | 'legalName', string>>;
const CHECK_FAILED = "We couldn't check the list just now. Please try again.";
const NO_COUPON = 'Coupons apply to one order, so not to a list.';

const verifyBatch = (payload: VerifyPaymentPayload) =>
  apiRequest<VerifyPaymentResponse>('/gift-links/batches/verify', { method: 'POST', body: payload });

function fieldErrorsOf(errors: readonly { path: string; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const { path, message } of errors) {
    const field =
      path === 'allowedSlots'
        ? 'slots'
        : path === 'message'
          ? 'message'
          : path === 'business.gstin'
            ? 'gstin'
            : path === 'business.legalName'
              ? 'legalName'
              : null;
    if (field) fields[field] ??= message;
  }
  return fields;
}

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
  const [list, setList] = useState('');
  const [checked, setChecked] = useState<{ list: string; rows: number } | null>(null);
  const [rowProblems, setRowProblems] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [reveal, setReveal] = useState(false);
  const [slots, setSlots] = useState<GiftLinkSlot[]>([]);
  const [business, setBusiness] = useState<{ on: boolean; gstin: string; legalName: string }>({
    on: false,
    gstin: '',
    legalName: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  // One key for the same batch, so a double press or a retry never places a second one.
  const idempotency = useRef<{ body: string; key: string } | null>(null);

  const ready = checked !== null && checked.list === list ? checked.rows : 0;
  const each = useGiftLinkTotal(lines, shippingFee, 0, slots);
  const total = each * ready;

  const check = useMutation({
    mutationFn: (text: string) =>
      apiRequest<GiftLinkRecipientRows>('/gift-links/recipients', { method: 'POST', body: { list: text } }),
    onSuccess: (answer, text) => {
      setRowProblems([]);
      setProblem(null);
      setChecked({ list: text, rows: answer.recipients.length });
    },
    onError: (error) => {
      setChecked(null);
      const rows = error instanceof ApiError ? error.errors.map((issue) => issue.message) : [];
      setRowProblems(rows);
      setProblem(rows.length > 0 ? error.message : error.message || CHECK_FAILED);
    },
  });

  const startOrder = useCallback(async (): Promise<CreateOrderResponse> => {
    const sent: CreateGiftLinkBatchInput = {
      items: lines.map((line) => ({ productId: line.id, quantity: line.quantity })),
      totalAmount: total,
      list,
      ...(message.trim() ? { message } : {}),
      revealGift: reveal,
      allowedSlots: slots,
      ...(business.on ? { business: { gstin: business.gstin, legalName: business.legalName } } : {}),
    };
    const text = JSON.stringify(sent);
    if (idempotency.current?.body !== text) idempotency.current = { body: text, key: crypto.randomUUID() };
    try {
      const placed = await apiRequest<CreateGiftLinkBatchResponse>('/gift-links/batches', {
        method: 'POST',
        body: sent,
        headers: { 'idempotency-key': idempotency.current.key },
      });
      setErrors({});
      return placed;
    } catch (error) {
      if (error instanceof ApiError) setErrors(fieldErrorsOf(error.errors));
      throw error;
    }
  }, [lines, total, list, message, reveal, slots, business]);

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
    setList(await file.text());
    setRowProblems([]);
  };

  const pay = () => {
    if (slots.length === 0) {
      setErrors({ slots: 'Please choose at least one delivery the recipient may pick' });
      return;
    }
    setErrors({});
    void payment.pay();
  };

  const summary = useMemo(
    () => (ready > 0 ? `${ready} recipients ready: ${formatInr(each)} each` : null),
    [ready, each],
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready > 0) pay();
        else if (list.trim()) check.mutate(list);
      }}
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
        value={list}
        onChange={(event) => {
          setList(event.target.value);
          setRowProblems([]);
        }}
        aria-describedby={rowProblems.length > 0 ? rowsId : undefined}
      />
      <label className="flex flex-col gap-1 text-sm font-semibold text-stone-900">
        Or upload a CSV file
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          className="w-full min-w-0 max-w-full text-sm font-normal"
          onChange={(event) => void upload(event)}
        />
      </label>
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
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={errors.message}
      />
      <Tick
        label="Let the recipients see what the gift is (otherwise it is a surprise)"
        checked={reveal}
        onChange={setReveal}
      />
      <GiftLinkSlotChoices slots={slots} error={errors.slots} onChange={setSlots} />
      <Tick
        label="Add our company's GSTIN to every invoice"
        checked={business.on}
        onChange={(on) => setBusiness((current) => ({ ...current, on }))}
      />
      {business.on && (
        <>
          <FormField
            label="GSTIN"
            autoComplete="off"
            value={business.gstin}
            onChange={(event) => setBusiness((current) => ({ ...current, gstin: event.target.value }))}
            error={errors.gstin}
          />
          <FormField
            label="Legal name the GSTIN is registered under"
            autoComplete="organization"
            value={business.legalName}
            onChange={(event) => setBusiness((current) => ({ ...current, legalName: event.target.value }))}
            error={errors.legalName}
          />
        </>
      )}
      {rowProblems.length === 0 && (problem ?? payment.message) && (
        <ErrorBanner>{problem ?? payment.message}</ErrorBanner>
      )}
      <Button
        type="button"
        disabled={blocked || ready === 0 || payment.phase !== 'idle'}
        className="w-full py-3 text-base"
        onClick={pay}
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
