import type { GroupGiftView } from '../../../shared/api/group-gifts';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { RadioGroupField } from '../../components/form-field';
import { ErrorBanner, Spinner } from '../../components/status-message';
import { groupGiftErrorOf, useChooseReplacement, useReplacementGifts } from './group-gifts-api';

// Decision 0084: a pool met just as its gift sold out. Its organiser picks another gift costing at
// most what was collected (the server prices each with the pool's delivery; what is left goes back
// to the friends in proportion), or refunds everyone; unchosen by chooseBy, everyone is refunded.

/** What everyone reads of a pool waiting for its organiser's choice. */
export function soldOutNotice(pool: GroupGiftView): string {
  const by = pool.chooseBy ? formatIndiaDateTime(pool.chooseBy) : '';
  return pool.isOrganiser
    ? `The gift sold out just as everyone chipped in. Choose another gift up to ${formatInr(pool.collectedAmount)} by ${by}, or refund everyone; if you choose nothing, everyone is refunded then.`
    : `The gift sold out just as the total was met. The organiser may choose another gift by ${by}; if not, everyone is refunded.`;
}

const checkReplacement = checksOnFirstUse(
  () => import('./sold-out-checks'),
  (checks) => checks.checkReplacement,
);

export function SoldOutChoice({ token }: { token: string }) {
  const gifts = useReplacementGifts(token);
  const choose = useChooseReplacement(token);
  // Nothing chosen for the organiser.
  const { register, handleSubmit, formState, watch } = useCheckedForm({
    checks: checkReplacement,
    defaultValues: { replacement: '' },
  });

  if (gifts.isPending) return <Spinner label="Finding other gifts" />;
  if (gifts.error) return <ErrorBanner>{groupGiftErrorOf(gifts.error)}</ErrorBanner>;
  const offered = gifts.data.data;
  if (offered.length === 0) {
    return <p className="text-stone-700">No other gift in stock fits what was collected.</p>;
  }
  const chosenOf = (replacement: string) =>
    offered.find((gift) => String(gift.productId) === replacement) ?? null;
  const submit = handleSubmit(({ replacement }) => {
    const chosen = chosenOf(replacement);
    if (chosen) choose.mutate({ productId: chosen.productId, totalAmount: chosen.totalAmount });
  });
  return (
    <form
      onSubmit={submit}
      onFocus={checkReplacement.preload}
      noValidate
      aria-label="Choose another gift"
      className="flex flex-col gap-3"
    >
      <RadioGroupField
        legend="Choose another gift"
        className="gap-2"
        legendClassName="mb-1 text-lg font-bold text-stone-900"
        optionClassName="flex items-center gap-3 rounded-lg border border-brand-100 bg-white p-2 text-stone-800"
        error={formState.errors.replacement?.message}
        options={offered.map((gift) => ({
          value: String(gift.productId),
          label: (
            <>
              <img
                src={gift.image}
                alt=""
                width={48}
                height={48}
                className="h-12 w-12 rounded-lg object-cover"
              />
              <span>
                {`${gift.name}, ${formatInr(gift.totalAmount)}`}
                {gift.refundAmount > 0 ? ` (${formatInr(gift.refundAmount)} back to the friends)` : ''}
              </span>
            </>
          ),
        }))}
        {...register('replacement')}
      />
      {formState.errors.root && <ErrorBanner>{formState.errors.root.message}</ErrorBanner>}
      {choose.error && <ErrorBanner>{groupGiftErrorOf(choose.error)}</ErrorBanner>}
      <Button type="submit" disabled={!chosenOf(watch('replacement')) || choose.isPending}>
        {choose.isPending ? 'Ordering…' : 'Order this gift instead'}
      </Button>
    </form>
  );
}
