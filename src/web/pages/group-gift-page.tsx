import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { User } from '../../shared/api/auth';
import type { GroupGiftView } from '../../shared/api/group-gifts';
import { tooLittleShareMessage, tooMuchShareMessage } from '../../shared/group-gifts';
import { formatIndiaDay, indiaDateOf } from '../../shared/india-time';
import { formatInr, toPaise } from '../../shared/money';
import { storeSettings } from '../app-data';
import { checksOnFirstUse, useCheckedForm } from '../checked-form';
import { Button, buttonClass } from '../components/button';
import { CheckboxField, FormField } from '../components/form-field';
import { GiftContents } from '../components/gift-contents';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner, InfoBanner, Spinner } from '../components/status-message';
import { useAuth } from '../features/auth/auth-provider';
import { PhoneSignInForm } from '../features/auth/phone-sign-in-form';
import {
  confirmShare,
  groupGiftErrorOf,
  startShare,
  useCloseGroupGift,
  useGroupGift,
  useShowPool,
  whatsAppShareLink,
} from '../features/group-gifts/group-gifts-api';
import { SoldOutChoice, soldOutNotice } from '../features/group-gifts/sold-out-choice';
import { loadCheckoutScript } from '../features/payment/checkout-script';
import { paymentsApi } from '../features/payment/payments-api';

// Decision 0084: a group gift's page, opened by its link alone. Everyone sees the gift (or "a
// surprise"), the progress, the last day and the friends who chose to be named; a friend signed in
// by mobile number chips in through the payment window; the organiser may close it.

/** The last day to chip in: the pool closes at the end of it, India time. */
const lastDayOf = (closesAt: string) => formatIndiaDay(indiaDateOf(new Date(Date.parse(closesAt) - 1)));

function Progress({ pool }: { pool: GroupGiftView }) {
  const percent = pool.targetAmount > 0 ? Math.round((pool.collectedAmount / pool.targetAmount) * 100) : 0;
  return (
    <div className="mt-3">
      <div
        role="progressbar"
        aria-label="Collected so far"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={pool.progress}
        className="h-3 w-full overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 font-bold text-stone-900">{pool.progress}</p>
      <p className="text-sm text-stone-700">
        {pool.state === 'open'
          ? `Chip in by ${lastDayOf(pool.closesAt)}`
          : `Last day was ${lastDayOf(pool.closesAt)}`}
      </p>
    </div>
  );
}

type News = { text: string; error: boolean };

const checkShare = checksOnFirstUse(
  () => import('./group-gift-share-checks'),
  (checks) => checks.checkShare,
);

function ChipInForm({
  token,
  pool,
  user,
  onNews,
}: {
  token: string;
  pool: GroupGiftView;
  user: User;
  /** What became of the share, said by the page: the form goes once the total is met. */
  onNews(news: News | null): void;
}) {
  const showPool = useShowPool(token);
  const least = Math.min(pool.minShare, pool.remainingAmount);
  const most = Math.min(pool.maxShare, pool.remainingAmount);
  const { register, handleSubmit, formState, setError, watch } = useCheckedForm({
    checks: checkShare,
    defaultValues: {
      amount: String(
        Math.min(pool.suggestedShare ?? pool.remainingAmount, pool.remainingAmount, pool.maxShare),
      ),
      named: false,
      shownName: '',
      note: '',
    },
  });
  const errors = formState.errors;
  const [busy, setBusy] = useState(false);
  const setMessage = onNews;

  const submit = handleSubmit(async (share) => {
    // The owner's bounds of a share (decision 0084), in the server's words.
    if (share.amount < least || share.amount > pool.maxShare) {
      const message =
        share.amount < least
          ? tooLittleShareMessage(toPaise(least))
          : tooMuchShareMessage(toPaise(pool.maxShare));
      setError('amount', { type: 'bounds', message }, { shouldFocus: true });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const started = await startShare(token, share);
      const Razorpay = await loadCheckoutScript(async () => (await paymentsApi.config()).checkoutScript);
      const checkout = new Razorpay({
        key: started.keyId,
        amount: started.order.amount,
        currency: 'INR',
        order_id: started.order.id,
        name: storeSettings.storeName,
        description: `Group gift for ${pool.recipientName}`,
        image: new URL('/favicon.svg', window.location.origin).href,
        prefill: { name: user.fullName, email: user.email ?? '', contact: user.phone ?? '' },
        readonly: { email: false, contact: false, name: false },
        theme: { color: '#ea580c' },
        modal: {
          escape: false,
          confirm_close: true,
          ondismiss: () => {
            setBusy(false);
            setMessage({ text: 'Payment cancelled. Nothing was taken.', error: true });
          },
        },
        handler: (signature) => {
          void confirmShare(token, started.contributionId, signature)
            .then((answer) => {
              showPool(answer.pool);
              setMessage({ text: answer.message, error: answer.refundedAmount > 0 });
            })
            .catch((error: unknown) => setMessage({ text: groupGiftErrorOf(error), error: true }))
            .finally(() => setBusy(false));
        },
      });
      checkout.open();
    } catch (error) {
      setBusy(false);
      setMessage({ text: groupGiftErrorOf(error), error: true });
    }
  });

  const amount = watch('amount');
  return (
    <form
      onSubmit={submit}
      onFocus={checkShare.preload}
      noValidate
      aria-label="Chip in"
      className="flex flex-col gap-3"
    >
      <h2 className="text-lg font-bold text-stone-900">Chip in</h2>
      <FormField
        label={`Your share in ₹ (${formatInr(least)} to ${formatInr(most)})`}
        type="number"
        inputMode="decimal"
        min={least}
        max={most}
        step="0.01"
        error={errors.amount?.message}
        {...register('amount')}
      />
      <CheckboxField label="Show my name on this page" {...register('named')} />
      {watch('named') && (
        <FormField
          label="Name to show"
          maxLength={100}
          error={errors.shownName?.message}
          {...register('shownName')}
        />
      )}
      <FormField
        label="A note (optional)"
        maxLength={140}
        error={errors.note?.message}
        {...register('note')}
      />
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      <Button type="submit" disabled={busy}>
        {busy ? 'Opening the payment…' : `Pay ${amount ? formatInr(Number(amount)) : ''}`}
      </Button>
    </form>
  );
}

/** The organiser's close: while collecting, or instead of choosing another gift for a sold-out one. */
function OrganiserClose({ token, soldOut }: { token: string; soldOut: boolean }) {
  const close = useCloseGroupGift(token);
  const [asking, setAsking] = useState(false);
  return asking ? (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-stone-700">
        {soldOut
          ? 'Refund everyone? Every share goes back and no gift is ordered.'
          : 'Close the group gift? Every share is refunded.'}
      </p>
      {close.error && <ErrorBanner>{groupGiftErrorOf(close.error)}</ErrorBanner>}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => close.mutate()} disabled={close.isPending}>
          {soldOut ? 'Yes, refund everyone' : 'Yes, close and refund'}
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          {soldOut ? 'Keep choosing' : 'Keep collecting'}
        </Button>
      </div>
    </div>
  ) : (
    <Button variant="secondary" onClick={() => setAsking(true)}>
      {soldOut ? 'Refund everyone' : 'Close and refund everyone'}
    </Button>
  );
}

function PoolBody({ token, pool, justOpened }: { token: string; pool: GroupGiftView; justOpened: boolean }) {
  const auth = useAuth();
  const [news, setNews] = useState<News | null>(null);
  const pageUrl = typeof window === 'undefined' ? '' : window.location.href;
  const collecting = pool.state === 'open' || (pool.state === 'short' && pool.isOrganiser);
  return (
    <div className="flex flex-col gap-4">
      {justOpened && (
        <InfoBanner>Your group gift is open. Share this page with the friends who chip in.</InfoBanner>
      )}
      <div className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
        <p className="text-stone-700">
          {pool.organiserName} is collecting for {pool.recipientName}.
        </p>
        <GiftContents items={pool.items} surprise="The gift is a surprise." message={pool.message} />
        <Progress pool={pool} />
        {pool.suggestedShare !== null && (
          <p className="text-sm text-stone-700">Suggested share: {formatInr(pool.suggestedShare)} each</p>
        )}
        <a
          href={whatsAppShareLink(pageUrl, pool.recipientName)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary', 'mt-3 w-full')}
        >
          Share on WhatsApp
        </a>
      </div>
      <div>
        <h2 className="text-lg font-bold text-stone-900">Who chipped in</h2>
        {pool.contributors.length === 0 ? (
          <p className="text-stone-700">
            {pool.contributorCount === 0
              ? 'No one yet: be the first!'
              : 'Friends chipped in without their names.'}
          </p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {pool.contributors.map((friend) => (
              <li key={friend.id} className="rounded-lg bg-brand-50 p-2 text-stone-800">
                <span className="font-semibold">{friend.name}</span>
                {friend.note ? `: ${friend.note}` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
      {news && (news.error ? <ErrorBanner>{news.text}</ErrorBanner> : <InfoBanner>{news.text}</InfoBanner>)}
      {pool.state === 'met' && (
        <InfoBanner>
          Everyone chipped in: the gift is ordered.
          {pool.orderNumber && (
            <>
              {' '}
              <Link to="/orders" className="font-semibold underline">
                Order {pool.orderNumber} in My Orders
              </Link>
            </>
          )}
        </InfoBanner>
      )}
      {pool.state === 'refunded' && (
        <InfoBanner>This group gift did not go ahead: every share is refunded.</InfoBanner>
      )}
      {pool.state === 'short' && !pool.isOrganiser && (
        <InfoBanner>
          The last day has passed. The organiser may top up the rest, or everyone is refunded.
        </InfoBanner>
      )}
      {pool.state === 'short' && pool.isOrganiser && (
        <InfoBanner>
          The last day passed {formatInr(pool.remainingAmount)} short. Top up the rest, or close it to refund
          everyone.
        </InfoBanner>
      )}
      {pool.state === 'sold_out' && <InfoBanner>{soldOutNotice(pool)}</InfoBanner>}
      {pool.state === 'sold_out' && pool.isOrganiser && <SoldOutChoice token={token} />}
      {collecting &&
        (auth.loading ? (
          <Spinner label="Checking your sign-in" />
        ) : auth.user ? (
          <ChipInForm token={token} pool={pool} user={auth.user} onNews={setNews} />
        ) : (
          <div className="rounded-2xl border border-brand-100 bg-white p-4">
            <h2 className="mb-2 text-lg font-bold text-stone-900">
              Sign in with your mobile number to chip in
            </h2>
            <PhoneSignInForm onSuccess={() => {}} />
          </div>
        ))}
      {pool.isOrganiser && (collecting || pool.state === 'sold_out') && (
        <OrganiserClose token={token} soldOut={pool.state === 'sold_out'} />
      )}
    </div>
  );
}

export function GroupGiftPage() {
  const { token = '' } = useParams();
  const location = useLocation();
  const justOpened = (location.state as { justOpened?: unknown } | null)?.justOpened === true;
  const pool = useGroupGift(token);
  let body: ReactNode;
  if (pool.isPending) {
    body = (
      <div className="py-16 text-center">
        <Spinner label="Opening the group gift" />
      </div>
    );
  } else if (pool.error) {
    body = (
      <EmptyState
        title="This group gift link cannot be used"
        action={
          <Link to="/" className={buttonClass('primary')}>
            Go to the store
          </Link>
        }
      >
        {groupGiftErrorOf(pool.error)}
      </EmptyState>
    );
  } else {
    body = <PoolBody token={token} pool={pool.data} justOpened={justOpened} />;
  }
  return (
    <section className="mx-auto max-w-md py-6">
      <PageMeta
        title="Chip in together"
        description="Friends chip in for one gift; it is ordered when the total is met."
      />
      <meta name="robots" content="noindex" />
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Chip in together</h1>
      {body}
    </section>
  );
}

export { GroupGiftPage as Component };
