import { Button } from '../../components/button';

/** "Continue with mobile number" under an e-mail form, and the way back to e-mail. */
export function ContinueWithPhone({
  byPhone,
  onChange,
}: {
  byPhone: boolean;
  onChange(byPhone: boolean): void;
}) {
  return (
    <div className="mt-3">
      {!byPhone && (
        <p className="mb-3 flex items-center gap-3 text-xs uppercase text-stone-500" aria-hidden="true">
          <span className="h-px flex-1 bg-stone-200" />
          or
          <span className="h-px flex-1 bg-stone-200" />
        </p>
      )}
      <Button variant="secondary" className="w-full" onClick={() => onChange(!byPhone)}>
        {byPhone ? 'Use email instead' : 'Continue with mobile number'}
      </Button>
    </div>
  );
}
