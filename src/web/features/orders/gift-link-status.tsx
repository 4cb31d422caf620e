import type { ReactNode } from 'react';
import type { GiftLinkStatus } from '../../../shared/api/gift-links';
import { deliveryChoiceText } from '../../../shared/delivery-slot-rules';
import { GIFT_LINK_STATE_LABELS } from '../../../shared/gift-links';
import { ApiError } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { PrivateImage } from '../../components/private-image';
import { ErrorBanner } from '../../components/status-message';
import { useGiftLinkActions } from './orders-api';

/**
 * Decision 0081: what the sender of a gift link sees in place of the address: who it went to, the
 * link's state and, once the recipient answered, the delivery date. Never the address.
 */
export function GiftLinkStatusNote({
  link,
  className = '',
  actions,
  orderId,
}: {
  link: GiftLinkStatus;
  /** The order's id, for the thank-you's photo (the sender's own order page only). */
  orderId?: string;
  className?: string;
  /** The sender's actions on it (GiftLinkActions), where the order page offers them. */
  actions?: ReactNode;
}) {
  const state = GIFT_LINK_STATE_LABELS[link.state];
  return (
    <div className={className}>
      <p className="text-stone-800">
        Sent by link to <strong>{link.recipientName}</strong>, who gives the address.
      </p>
      <p role="status" className="mt-1 font-semibold text-stone-900">
        {link.delivery ? `${state}, arriving ${deliveryChoiceText(link.delivery)}` : state}
      </p>
      {link.state === 'expired' && (
        <p className="mt-1 text-sm text-stone-700">
          The link expired without an answer. Choose a refund or give the address yourself; without a choice
          it is refunded in full.
        </p>
      )}
      {actions}
      {link.thanks && (
        <blockquote className="mt-3 whitespace-pre-line border-l-4 border-brand-200 pl-3 text-stone-800">
          <p className="font-semibold">{link.recipientName} sent you a thank-you:</p>
          {link.thanks.note}
          {link.thanks.photo && orderId && (
            <PrivateImage
              path={`/orders/${orderId}/gift-link/thanks/photo`}
              alt={`Photo from ${link.recipientName}`}
              className="mt-2 max-h-64 rounded-lg"
            />
          )}
        </blockquote>
      )}
    </div>
  );
}

const checkResend = checksOnFirstUse(
  () => import('./gift-link-resend-checks'),
  (checks) => checks.checkResend,
);

const readMessage = (error: unknown) =>
  (error instanceof ApiError && error.message) || 'Something went wrong. Please try again.';

/** Send the link again to a corrected mobile before it is opened; a full refund once it expired. */
export function GiftLinkActions({ orderId, link }: { orderId: string; link: GiftLinkStatus }) {
  const { resend, refund } = useGiftLinkActions(orderId);
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkResend,
    defaultValues: { phone: '' },
  });
  const errors = formState.errors;
  if (link.state === 'expired') {
    return (
      <div className="mt-3 flex flex-col gap-2">
        {refund.error && <ErrorBanner>{readMessage(refund.error)}</ErrorBanner>}
        <Button
          variant="secondary"
          className="self-start"
          disabled={refund.isPending}
          onClick={() => refund.mutate()}
        >
          Refund me in full
        </Button>
      </div>
    );
  }
  if (link.state !== 'sent') return null;
  return (
    <form
      onSubmit={handleSubmit(({ phone }) => resend.mutate(phone.trim()))}
      onFocus={checkResend.preload}
      noValidate
      aria-label="Send the link again"
      className="mt-3 flex flex-col gap-2"
    >
      <FormField
        label="Recipient's mobile (leave empty to send to the same)"
        type="tel"
        autoComplete="off"
        maxLength={20}
        error={errors.phone?.message}
        {...register('phone')}
      />
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      {resend.error && <ErrorBanner>{readMessage(resend.error)}</ErrorBanner>}
      {resend.isSuccess && (
        <p role="status" className="text-sm text-green-700">
          Sent again.
        </p>
      )}
      <Button type="submit" variant="secondary" className="self-start" disabled={resend.isPending}>
        Send the link again
      </Button>
    </form>
  );
}
