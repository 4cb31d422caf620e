import { type ReactNode, useState } from 'react';
import { useController } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { GiftLinkView } from '../../shared/api/gift-links';
import { deliveryChoiceText } from '../../shared/delivery-slot-rules';
import { GIFT_THANKS_NOTE_MAX } from '../../shared/gift-links';
import { ApiError } from '../api/client';
import { checksOnFirstUse, useCheckedForm } from '../checked-form';
import { Button, buttonClass } from '../components/button';
import { Field, FilePicker, TextAreaField } from '../components/form-field';
import { GiftContents } from '../components/gift-contents';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner, InfoBanner, Spinner } from '../components/status-message';
import { useAnswerGiftLink, useGiftLink, useThankSender } from '../features/gift-links/gift-links-api';
import { GiftAddressForm } from './gift-address-form';

// Decision 0081: the page a gift link opens. No account, ever: the link's token is enough. The
// recipient types the address pincode first, picks a day and slot the sender allowed, and
// confirms, or declines. Never a price.

const checkGiftThanks = checksOnFirstUse(
  () => import('./gift-thanks-checks'),
  (checks) => checks.checkGiftThanks,
);

const readMessage = (error: unknown) =>
  (error instanceof ApiError && error.message) || 'Something went wrong. Please try again.';

function AnswerForm({ token, gift }: { token: string; gift: GiftLinkView }) {
  const { accept, decline } = useAnswerGiftLink(token);
  const [declining, setDeclining] = useState(false);
  return (
    <GiftAddressForm
      by="recipient"
      allowedSlots={gift.allowedSlots}
      name={gift.recipientName}
      pending={accept.isPending}
      error={accept.error}
      onSubmit={(answer) => accept.mutate(answer)}
    >
      <div className="mt-2 border-t border-brand-100 pt-3">
        {declining ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-stone-700">
              Decline the gift? The sender is told and gets their money back.
            </p>
            {decline.error && <ErrorBanner>{readMessage(decline.error)}</ErrorBanner>}
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => decline.mutate()} disabled={decline.isPending}>
                Yes, decline
              </Button>
              <Button variant="secondary" onClick={() => setDeclining(false)}>
                Keep the gift
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setDeclining(true)}>
            Decline the gift
          </Button>
        )}
      </div>
    </GiftAddressForm>
  );
}

/** After delivery: a note for the sender, and a photo if they like. Nothing else is asked. */
function ThanksForm({ token, gift }: { token: string; gift: GiftLinkView }) {
  const thank = useThankSender(token);
  const { register, control, handleSubmit, formState, watch } = useCheckedForm({
    checks: checkGiftThanks,
    defaultValues: { note: '', photo: null as File | null },
  });
  const { field: photo } = useController({ control, name: 'photo' });
  if (gift.thanks) {
    return (
      <InfoBanner>
        {gift.thanks.photo || !thank.error
          ? `Your thank-you is on its way to ${gift.senderName}.`
          : `Your note is on its way to ${gift.senderName}; the photo could not be sent.`}
      </InfoBanner>
    );
  }
  return (
    <form
      onSubmit={handleSubmit((values) => thank.mutate(values))}
      onFocus={checkGiftThanks.preload}
      noValidate
      aria-label={`Thank ${gift.senderName}`}
      className="flex flex-col gap-3"
    >
      <h2 className="text-lg font-bold text-stone-900">Say thank you to {gift.senderName}</h2>
      <TextAreaField
        label="Your note"
        rows={4}
        maxLength={GIFT_THANKS_NOTE_MAX}
        error={formState.errors.note?.message}
        {...register('note')}
      />
      <Field id={undefined} label="A photo (optional)" error={formState.errors.photo?.message}>
        {(picker) => (
          <FilePicker
            {...picker}
            ref={photo.ref}
            name={photo.name}
            accept="image/jpeg,image/png,image/webp"
            onBlur={photo.onBlur}
            onChange={(event) => photo.onChange(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {formState.errors.root && <ErrorBanner>{formState.errors.root.message}</ErrorBanner>}
      {thank.error && <ErrorBanner>{readMessage(thank.error)}</ErrorBanner>}
      <Button type="submit" disabled={thank.isPending || watch('note').trim() === ''}>
        {thank.isPending ? 'Sending…' : 'Send thanks'}
      </Button>
    </form>
  );
}

function GiftCard({ gift }: { gift: GiftLinkView }) {
  return (
    <div className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <p className="text-xl font-bold text-stone-900">{gift.senderName} sent you a gift.</p>
      <GiftContents
        items={gift.items}
        surprise="It is a surprise: you will see it when it arrives."
        message={gift.message}
      />
    </div>
  );
}

export function GiftLinkPage() {
  const { token = '' } = useParams();
  const gift = useGiftLink(token);
  let body: ReactNode;
  if (gift.isPending) {
    body = (
      <div className="py-16 text-center">
        <Spinner label="Opening your gift" />
      </div>
    );
  } else if (gift.error) {
    body = (
      <EmptyState
        title="This gift link cannot be used"
        action={
          <Link to="/" className={buttonClass('primary')}>
            Go to the store
          </Link>
        }
      >
        {readMessage(gift.error)}
      </EmptyState>
    );
  } else {
    const view = gift.data;
    body = (
      <div className="flex flex-col gap-4">
        <GiftCard gift={view} />
        {view.delivered ? (
          <ThanksForm token={token} gift={view} />
        ) : view.state === 'addressed' && view.delivery ? (
          <InfoBanner>Thank you! Your gift is arriving {deliveryChoiceText(view.delivery)}.</InfoBanner>
        ) : view.state === 'declined' ? (
          <InfoBanner>You declined this gift. The sender gets their money back.</InfoBanner>
        ) : (
          <AnswerForm token={token} gift={view} />
        )}
      </div>
    );
  }
  return (
    <section className="mx-auto max-w-md py-6">
      <PageMeta title="A gift for you" description="Tell us where and when to deliver your gift." />
      <meta name="robots" content="noindex" />
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">A gift for you</h1>
      {body}
    </section>
  );
}

export { GiftLinkPage as Component };
