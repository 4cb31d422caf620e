import { Button } from '../../components/button';

/**
 * The other way to sign in, under the form shown: e-mail and password under the mobile number's
 * (the first way, decision 0069), or the mobile number under an e-mail form.
 */
export function ContinueWithPhone({
  byPhone,
  signingUp = false,
  onChange,
}: {
  byPhone: boolean;
  /** Under a sign-up form the e-mail way signs up, not in. */
  signingUp?: boolean;
  onChange(byPhone: boolean): void;
}) {
  const emailWay = signingUp ? 'Sign up with e-mail instead' : 'Sign in with e-mail and password';
  return (
    <div className="mt-3">
      <p className="mb-3 flex items-center gap-3 text-xs uppercase text-stone-500" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" />
        or
        <span className="h-px flex-1 bg-stone-200" />
      </p>
      <Button variant="secondary" className="w-full" onClick={() => onChange(!byPhone)}>
        {byPhone ? emailWay : 'Continue with mobile number'}
      </Button>
    </div>
  );
}
