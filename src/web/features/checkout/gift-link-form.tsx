import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CreateGiftLinkInput, GiftLinkSlot } from '../../../shared/api/gift-links';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { GIFT_MESSAGE_MAX } from '../../../shared/gift-options';
import { formatInr } from '../../../shared/money';
import { ApiError, apiRequest } from '../../api/client';
import { Button } from '../../components/button';
import { FormField, TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import type { CheckoutLine } from './checkout-lines';
import { GiftLinkSlotChoices, useGiftLinkTotal } from './gift-link-choices';
import { Tick } from './gift-options-field';

// Decision 0081: "Send as a gift link" at checkout. The sender names the recipient and what the
// link allows, pays now with the largest fee those choices can cost, and never types an address.
// This module loads on the first choice of a link, so checkout keeps its JavaScript budget.

type Fields = { name: string; phone: string; email: string; message: string };
const PLACE_FAILED = "We couldn't place the gift link just now. Please try again.";

type FieldErrors = Partial<Record<keyof Fields | 'slots', string>>;

/** The server's own schema decides; its messages land on the field they name. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const [top, inner] = issue.path;
    const field =
      top === 'recipient'
        ? inner === 'email'
          ? 'email'
          : inner === 'name'
            ? 'name'
            : 'phone'
        : top === 'allowedSlots'
          ? 'slots'
          : top === 'message'
            ? 'message'
            : null;
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

export function GiftLinkForm({
  lines,
  shippingFee,
  discount,
  blocked,
}: {
  lines: readonly CheckoutLine[];
  /** Rupees: the cart's shipping quote (the link's delivery is priced on the cart as any order). */
  shippingFee: number;
  discount: { code: string; amount: number } | null;
  /** A reason the order cannot be paid for now (a sold-out line, a coupon being checked). */
  blocked: boolean;
}) {
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>({ name: '', phone: '', email: '', message: '' });
  // Decision 0081 and E-Commerce Rules r.4: nothing ticked for the sender; a surprise unless chosen.
  const [reveal, setReveal] = useState(false);
  const [slots, setSlots] = useState<GiftLinkSlot[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  // One key for the same link, so a double press or a retry never places a second order.
  const idempotency = useRef<{ body: string; key: string } | null>(null);

  const total = useGiftLinkTotal(lines, shippingFee, discount ? discount.amount : 0, slots);

  const place = useMutation({
    mutationFn: (body: CreateGiftLinkInput) => {
      const text = JSON.stringify(body);
      if (idempotency.current?.body !== text) {
        idempotency.current = { body: text, key: crypto.randomUUID() };
      }
      return apiRequest<CreateOrderResponse>('/gift-links', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotency.current.key },
      });
    },
    // The order waits for payment like any other: the payment page pays that order, no second one.
    onSuccess: (placed) => navigate(`/payment?order=${encodeURIComponent(placed.orderId)}`),
    onError: (error) => {
      const onFields =
        error instanceof ApiError
          ? fieldErrorsOf(error.errors.map((issue) => ({ ...issue, path: issue.path.split('.') })))
          : {};
      setErrors(onFields);
      // A refusal no field explains (no verified mobile, the day's limit, the network) says why here.
      if (Object.keys(onFields).length === 0) setProblem(error.message || PLACE_FAILED);
    },
  });

  const set = (field: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked || place.isPending) return;
    const body: CreateGiftLinkInput = {
      items: lines.map((line) => ({ productId: line.id, quantity: line.quantity })),
      totalAmount: total,
      ...(discount ? { couponCode: discount.code } : {}),
      recipient: {
        name: fields.name,
        ...(fields.phone.trim() ? { phone: fields.phone } : {}),
        ...(fields.email.trim() ? { email: fields.email } : {}),
      },
      ...(fields.message.trim() ? { message: fields.message } : {}),
      revealGift: reveal,
      allowedSlots: slots,
    };
    // The server's own schema, loaded on the first submit: its import list would otherwise weigh on
    // checkout itself, which is at its JavaScript budget (scripts/js-budget.ts).
    const { CreateGiftLinkPayload } = await import('../../../shared/api/gift-links');
    const parsed = CreateGiftLinkPayload.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setProblem(null);
    place.mutate(body);
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Send as a gift link"
      className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <p className="text-sm text-stone-700">
        We send the recipient a link to type their own address and pick a delivery. You never see the address.
        Any difference in the delivery fee is refunded once they choose.
      </p>
      <FormField
        label="Recipient's name"
        autoComplete="off"
        value={fields.name}
        onChange={set('name')}
        error={errors.name}
      />
      <FormField
        label="Recipient's mobile number"
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        value={fields.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <FormField
        label="Or the recipient's e-mail"
        type="email"
        autoComplete="off"
        value={fields.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextAreaField
        label={`Your message (up to ${GIFT_MESSAGE_MAX} characters)`}
        maxLength={GIFT_MESSAGE_MAX}
        rows={3}
        value={fields.message}
        onChange={set('message')}
        error={errors.message}
      />
      <Tick
        label="Let the recipient see what the gift is (otherwise it is a surprise)"
        checked={reveal}
        onChange={setReveal}
      />
      <GiftLinkSlotChoices slots={slots} error={errors.slots} onChange={setSlots} />
      {problem && <ErrorBanner>{problem}</ErrorBanner>}
      <Button type="submit" disabled={blocked || place.isPending} className="w-full py-3 text-base">
        {place.isPending ? 'Placing the gift link...' : `Pay ${formatInr(total)} for the gift link`}
      </Button>
    </form>
  );
}
