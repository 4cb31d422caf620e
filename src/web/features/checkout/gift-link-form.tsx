import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useController } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { CreateGiftLinkInput } from '../../../shared/api/gift-links';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { GIFT_MESSAGE_MAX } from '../../../shared/gift-options';
import { formatInr } from '../../../shared/money';
import { apiRequest } from '../../api/client';
import { checksOnFirstUse, refusalOnFields, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { CheckboxField, FormField, TextAreaField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import type { CheckoutLine } from './checkout-lines';
import { GiftLinkSlotChoices, useGiftLinkTotal } from './gift-link-choices';
import { giftLinkSent, NO_GIFT_LINK } from './gift-link-values';

// Decision 0081: "Send as a gift link" at checkout. The sender names the recipient and what the
// link allows, pays now with the largest fee those choices can cost, and never types an address.
// This module loads on the first choice of a link, so checkout keeps its JavaScript budget; the
// server's schema that checks it loads at the form's first focus or check (decision 0088).

const checkGiftLink = checksOnFirstUse(
  () => import('./gift-link-checks'),
  (checks) => checks.checkGiftLink,
);
const PLACE_FAILED = "We couldn't place the gift link just now. Please try again.";
const REFUSED_FIELDS = [
  'recipient.name',
  'recipient.phone',
  'recipient.email',
  'message',
  'allowedSlots',
] as const;

export function GiftLinkForm({
  lines,
  shippingFee,
  discount,
  blocked,
}: {
  lines: readonly CheckoutLine[];
  /** Rupees: the cart's shipping quote (the link's delivery is priced on the cart as every order is). */
  shippingFee: number;
  discount: { code: string; amount: number } | null;
  /** A reason the order cannot be paid for now (a sold-out line, a coupon being checked). */
  blocked: boolean;
}) {
  const navigate = useNavigate();
  const { register, control, handleSubmit, formState, setError } = useCheckedForm({
    checks: checkGiftLink,
    defaultValues: NO_GIFT_LINK,
  });
  const errors = formState.errors;
  const slots = useController({ control, name: 'allowedSlots' });
  // One key for the same link, so a double press or a retry never places a second order.
  const idempotency = useRef<{ body: string; key: string } | null>(null);

  const total = useGiftLinkTotal(lines, shippingFee, discount ? discount.amount : 0, slots.field.value);

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
    // The order waits for payment as every other does: the payment page pays that order, no second one.
    onSuccess: (placed) => navigate(`/payment?order=${encodeURIComponent(placed.orderId)}`),
    onError: (error) => {
      // A refusal no field explains (no verified mobile, the day's limit, the network) says why here.
      if (!refusalOnFields(error, REFUSED_FIELDS, setError)) {
        setError('root', { type: 'server', message: error.message || PLACE_FAILED });
      }
    },
  });

  const submit = handleSubmit((values) => {
    if (blocked || place.isPending) return;
    place.mutate({
      items: lines.map((line) => ({ productId: line.id, quantity: line.quantity })),
      totalAmount: total,
      ...(discount ? { couponCode: discount.code } : {}),
      ...giftLinkSent(values),
    });
  });

  return (
    <form
      onSubmit={submit}
      onFocus={checkGiftLink.preload}
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
        error={errors.recipient?.name?.message}
        {...register('recipient.name')}
      />
      <FormField
        label="Recipient's mobile number"
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        error={errors.recipient?.phone?.message}
        {...register('recipient.phone')}
      />
      <FormField
        label="Or the recipient's e-mail"
        type="email"
        autoComplete="off"
        error={errors.recipient?.email?.message}
        {...register('recipient.email')}
      />
      <TextAreaField
        label={`Your message (up to ${GIFT_MESSAGE_MAX} characters)`}
        maxLength={GIFT_MESSAGE_MAX}
        rows={3}
        error={errors.message?.message}
        {...register('message')}
      />
      <CheckboxField
        label="Let the recipient see what the gift is (otherwise it is a surprise)"
        {...register('revealGift')}
      />
      <GiftLinkSlotChoices {...slots.field} error={slots.fieldState.error?.message} />
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      <Button type="submit" disabled={blocked || place.isPending} className="w-full py-3 text-base">
        {place.isPending ? 'Placing the gift link...' : `Pay ${formatInr(total)} for the gift link`}
      </Button>
    </form>
  );
}
