import { type FormEvent, useId, useState } from 'react';
import { ApiError, apiRequest, downloadFile } from '../../api/client';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { ErrorBanner } from '../../components/status-message';
import { useToast } from '../../components/toast';
import { useAuth } from './auth-provider';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;

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
  const [secret, setSecret] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [eraseError, setEraseError] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const [name, setName] = useState<string | null>(null);
  const [nameState, setNameState] = useState<{ saving: boolean; error?: string; saved?: boolean }>({
    saving: false,
  });
  if (!user) return null;
  const shownName = name ?? user.fullName;

  async function saveName(event: FormEvent) {
    event.preventDefault();
    if (!shownName.trim()) return setNameState({ saving: false, error: 'Full name is required' });
    setNameState({ saving: true });
    try {
      const answer = await apiRequest<{ user: NonNullable<typeof user> }>('/account/name', {
        method: 'PUT',
        body: { fullName: shownName.trim() },
      });
      replaceUser(answer.user);
      setName(null);
      setNameState({ saving: false, saved: true });
    } catch (error) {
      setNameState({
        saving: false,
        error: messageOf(error, 'We could not save your name. Please try again.'),
      });
    }
  }
  // An account made by phone has no password: it proves itself with a code to its own number.
  const usesCode = byCode || (!user.email && Boolean(user.phone));

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
    setEraseError(null);
    try {
      await requestAddPhone({ phone: user.phone });
      setCodeSent(true);
    } catch (error) {
      setEraseError(messageOf(error, 'We could not send the code. Please try again.'));
    }
  }

  async function erase(event: FormEvent) {
    event.preventDefault();
    if (!secret.trim()) {
      setEraseError(usesCode ? 'Enter the code we sent to your number.' : 'Enter your password.');
      return;
    }
    setErasing(true);
    setEraseError(null);
    try {
      await apiRequest('/account/erase', {
        method: 'POST',
        body: usesCode ? { code: secret.trim() } : { password: secret },
      });
      toast('Your account has been deleted.', 'success');
      logout();
    } catch (error) {
      setEraseError(messageOf(error, 'We could not delete your account just now. Please try again.'));
      setErasing(false);
    }
  }

  function close() {
    setConfirming(false);
    setSecret('');
    setEraseError(null);
    setCodeSent(false);
    setByCode(false);
  }

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
      <form onSubmit={(event) => void saveName(event)} noValidate className="mt-3 flex flex-col gap-2">
        <FormField
          label="Your name"
          autoComplete="name"
          maxLength={100}
          value={shownName}
          onChange={(event) => {
            setName(event.target.value);
            setNameState({ saving: false });
          }}
          error={nameState.error}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={nameState.saving} aria-busy={nameState.saving}>
            {nameState.saving ? 'Saving…' : 'Save name'}
          </Button>
          <p role="status" className="text-sm text-stone-600">
            {nameState.saved ? 'Name saved.' : ''}
          </p>
        </div>
        <p className="text-sm text-stone-600">
          Change your mobile number and e-mail above: each is confirmed by a code or a link sent to the new
          one.
        </p>
      </form>
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
        <form onSubmit={(event) => void erase(event)} noValidate className="flex flex-col gap-3">
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
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
              error={eraseError ?? undefined}
            />
          )}
          {eraseError && usesCode && !codeSent && <ErrorBanner>{eraseError}</ErrorBanner>}
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
