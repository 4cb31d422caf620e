import { useState } from 'react';
import { Link } from 'react-router';
import { CHANNEL_WORDS, consentWording } from '../../../shared/consent-wording';
import type { MessageChannel } from '../../../shared/notifications';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { RadioGroupField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useStockAlert, useStockAlertChange } from './stock-alerts-api';

// Without Zod on the product page: the channels as the server's schema lists them; the schema's
// check of the choice loads when the form is first focused (decision 0088).
const CHANNELS: readonly MessageChannel[] = ['whatsapp', 'sms'];
const checkNotifyMe = checksOnFirstUse(
  () => import('./notify-me-checks'),
  (checks) => checks.checkNotifyMe,
);

/**
 * Decision 0071: on a sold-out product, "Notify me when it's back": one message on WhatsApp or
 * SMS to the account's verified mobile, chosen by the shopper (nothing is ticked for them), and
 * stopped with one tap. A guest is sent to sign in and comes back here.
 */
export function NotifyMe({
  productId,
  productPath,
  signedIn,
  storeName,
}: {
  productId: number;
  productPath: string;
  signedIn: boolean;
  storeName: string;
}) {
  const [open, setOpen] = useState(false);
  // Nothing is chosen for the shopper (decision 0071): the channel starts unset.
  const { register, handleSubmit, formState, watch } = useCheckedForm({ checks: checkNotifyMe });
  const channel = watch('channel');
  const alert = useStockAlert(productId, signedIn);
  const change = useStockAlertChange(productId);
  const boxClass = 'flex flex-col gap-2 rounded-xl border border-brand-200 bg-white p-3 text-sm';

  if (!signedIn)
    return (
      <p className={boxClass}>
        <Link
          to={`/login?redirect=${encodeURIComponent(productPath)}`}
          className="font-semibold text-brand-700 underline"
        >
          Sign in to get "Notify me when it's back"
        </Link>
      </p>
    );
  const waiting = alert.data && alert.data.sentAt === null ? alert.data : null;
  if (waiting)
    return (
      <div className={boxClass} role="status">
        <p className="text-stone-800">
          We will message you once on {CHANNEL_WORDS[waiting.channel]} when it is back.
        </p>
        <button
          type="button"
          onClick={() => change.mutate(null)}
          disabled={change.isPending}
          className="self-start font-semibold text-brand-700 underline"
        >
          Stop this message
        </button>
      </div>
    );
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 rounded-lg border-2 border-brand-600 bg-white px-4 font-semibold text-brand-700 hover:bg-brand-50"
      >
        Notify me when it's back
      </button>
    );
  return (
    <form
      className={boxClass}
      onSubmit={handleSubmit((values) => change.mutate(values.channel))}
      onFocus={checkNotifyMe.preload}
      noValidate
    >
      <RadioGroupField
        legend="Notify me when it's back"
        options={CHANNELS.map((option) => ({
          value: option,
          label: consentWording('stock_alert', option, storeName),
        }))}
        error={formState.errors.channel?.message}
        {...register('channel')}
      />
      {formState.errors.root && <ErrorBanner>{formState.errors.root.message}</ErrorBanner>}
      {change.isError && <ErrorBanner>{change.error.message}</ErrorBanner>}
      <button
        type="submit"
        disabled={!channel || change.isPending}
        className="min-h-11 rounded-lg bg-brand-600 px-4 font-semibold text-white disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
      >
        Notify me
      </button>
    </form>
  );
}
