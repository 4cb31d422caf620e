import { useId, useState } from 'react';
import type { User } from '../../../shared/api/auth';
import { ApiError, apiRequest, downloadFile } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { ErrorBanner } from '../../components/status-message';
import { useToast } from '../../components/toast';
import { useAuth } from './auth-provider';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;

// The forms' checks (the server's rules, with Zod) load when a form is first focused (decision 0088).
const loadChecks = () => import('./account-checks');
const checkName = checksOnFirstUse(loadChecks, (checks) => checks.checkName);
const checkErasePassword = checksOnFirstUse(loadChecks, (checks) => checks.checkErasePassword);
const checkEraseCode = checksOnFirstUse(loadChecks, (checks) => checks.checkEraseCode);

/**
 * Decision 0063: the shopper's rights over their data in the account page: download it all as a
 * JSON file, or delete the account after being asked once more (the password, or for an account
 * made by phone, a code sent to its own number).
 */
export function YourData() {
  const id = useId();
  const { user, logout, requestAddPhone, replaceUser } = useAuth();
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [byCode, setByCode] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  // An account made by phone has no password: it proves itself with a code to its own number.
  const usesCode = byCode || (!user?.email && Boolean(user?.phone));
  const eraseChecks = usesCode ? checkEraseCode : checkErasePassword;
  const eraseForm = useCheckedForm({ checks: eraseChecks, defaultValues: { secret: '' } });
  if (!user) return null;

  async function download() {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadFile('/account/export', 'utsav-gifts-my-data.json');
    } catch (error) {
      setDownloadError(messageOf(error, 'We could not prepare your data just now. Please try again.'));
    } finally {
      setDownloading(false);
    }
  }

  async function sendCode() {
    if (!user?.phone) return;
    eraseForm.clearErrors();
    try {
      await requestAddPhone({ phone: user.phone });
      setCodeSent(true);
    } catch (error) {
      eraseForm.setError('root', {
        message: messageOf(error, 'We could not send the code. Please try again.'),
      });
    }
  }

  const erase = eraseForm.handleSubmit(async ({ secret }) => {
    try {
      await apiRequest('/account/erase', {
        method: 'POST',
        body: usesCode ? { code: secret } : { password: secret },
      });
      toast('Your account has been deleted.', 'success');
      logout();
    } catch (error) {
      eraseForm.setError('secret', {
        message: messageOf(error, 'We could not delete your account just now. Please try again.'),
      });
    }
  });

  function close() {
    setConfirming(false);
    eraseForm.reset();
    setCodeSent(false);
    setByCode(false);
  }

  const erasing = eraseForm.formState.isSubmitting;
  const eraseError = eraseForm.formState.errors.secret?.message;
  const eraseProblem = eraseForm.formState.errors.root?.message;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-2xl border border-brand-100 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="font-bold text-stone-900">
        Your data
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Download everything we hold about you, or delete your account. Invoices stay for 72 months, as tax law
        requires, and are used for nothing else.
      </p>
      <NameForm fullName={user.fullName} onSaved={replaceUser} />
      <div className="mt-3 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => void download()}
          disabled={downloading}
          aria-busy={downloading}
        >
          {downloading ? 'Preparing your file…' : 'Download my data'}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete my account
        </Button>
      </div>
      {downloadError && (
        <div className="mt-3">
          <ErrorBanner>{downloadError}</ErrorBanner>
        </div>
      )}
      <Modal isOpen={confirming} onClose={close} title="Delete your account?" role="alertdialog">
        <form onSubmit={erase} onFocus={eraseChecks.preload} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-stone-700">
            This signs you out everywhere and erases your addresses, wishlist, saved number and messages. It
            cannot be undone.
          </p>
          {usesCode && !codeSent ? (
            <Button variant="secondary" onClick={() => void sendCode()}>
              Send a code to my number
            </Button>
          ) : (
            <FormField
              label={usesCode ? 'Code we sent to your number' : 'Your password'}
              type={usesCode ? 'text' : 'password'}
              inputMode={usesCode ? 'numeric' : undefined}
              autoComplete={usesCode ? 'one-time-code' : 'current-password'}
              error={eraseError}
              {...eraseForm.register('secret')}
            />
          )}
          {eraseProblem && <ErrorBanner>{eraseProblem}</ErrorBanner>}
          {!usesCode && user.phone && (
            <Button variant="secondary" onClick={() => setByCode(true)}>
              No password? Use a code sent to my number
            </Button>
          )}
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={close}>
              Keep my account
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={erasing || (usesCode && !codeSent)}
              aria-busy={erasing}
            >
              {erasing ? 'Deleting…' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}

/** Decision 0063: the shopper corrects their name; it starts as the account has it. */
function NameForm({ fullName, onSaved }: { fullName: string; onSaved(user: User): void }) {
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, formState, setError, reset } = useCheckedForm({
    checks: checkName,
    defaultValues: { fullName },
  });
  const save = handleSubmit(async (values) => {
    try {
      const answer = await apiRequest<{ user: User }>('/account/name', { method: 'PUT', body: values });
      onSaved(answer.user);
      reset({ fullName: answer.user.fullName });
      setSaved(true);
    } catch (error) {
      setError('fullName', { message: messageOf(error, 'We could not save your name. Please try again.') });
    }
  });
  return (
    <form onSubmit={save} onFocus={checkName.preload} noValidate className="mt-3 flex flex-col gap-2">
      {formState.errors.root && <ErrorBanner>{formState.errors.root.message}</ErrorBanner>}
      <FormField
        label="Your name"
        autoComplete="name"
        maxLength={100}
        error={formState.errors.fullName?.message}
        {...register('fullName', { onChange: () => setSaved(false) })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant="secondary"
          disabled={formState.isSubmitting}
          aria-busy={formState.isSubmitting}
        >
          {formState.isSubmitting ? 'Saving…' : 'Save name'}
        </Button>
        <p role="status" className="text-sm text-stone-600">
          {saved ? 'Name saved.' : ''}
        </p>
      </div>
      <p className="text-sm text-stone-600">
        Change your mobile number and e-mail above: each is confirmed by a code or a link sent to the new one.
      </p>
    </form>
  );
}
