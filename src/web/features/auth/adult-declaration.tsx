import { type ComponentProps, useId } from 'react';
import { ADULT_LABEL } from '../../../shared/auth-rules';
import { CollectionNotice } from '../../components/collection-notice';

/**
 * Decision 0063: the "I am 18 or older" box at sign-up and at a new number's first code. Unticked
 * to start with; its message (ADULT_REQUIRED) is read with it when it is missing. The notice at
 * collection goes with it: both are where an account is made.
 */
export function AdultDeclaration({
  error,
  ...input
}: ComponentProps<'input'> & { error?: string | undefined }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm font-semibold text-stone-800">
        <input
          id={id}
          type="checkbox"
          className="h-5 w-5 accent-brand-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        {ADULT_LABEL}
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <CollectionNotice />
    </div>
  );
}
