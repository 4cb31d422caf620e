import {
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api/client';

/**
 * A form's checks: the Zod resolver of the shared schemas, from a `*-checks.ts` module beside the
 * form that loads on first use, so a page opens without Zod (decision 0088). `preload` fetches it
 * when the form is first focused, so that a submit does not wait for it. Offline, the form says so
 * as its root error and sends nothing; the next check asks again.
 */
export type FormChecks<Values extends FieldValues, Output> = Resolver<Values, unknown, Output> & {
  preload(): void;
};

export function checksOnFirstUse<Checks, Values extends FieldValues, Output>(
  load: () => Promise<Checks>,
  pick: (checks: Checks) => Resolver<Values, unknown, Output>,
): FormChecks<Values, Output> {
  const resolver: Resolver<Values, unknown, Output> = async (values, context, options) => {
    let checks: Checks;
    try {
      checks = await load();
    } catch {
      const errors = { root: { type: 'network', message: NETWORK_ERROR_MESSAGE } } as FieldErrors<Values>;
      return { values: {}, errors };
    }
    return pick(checks)(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}

/**
 * The one way a form is built here (docs/architecture.md, "Adding a form field"): react-hook-form
 * holds the values, the errors and the submitting state; `checks` are the shared schemas run with
 * the Zod resolver (`checksOnFirstUse`); the fields are components/form-field.tsx's, which tie each
 * message to its control. Submit with `handleSubmit`; a server's refusal of one field goes back to
 * it with `setError`, one of the whole form into the red box at the top.
 */
export function useCheckedForm<Values extends FieldValues, Output = Values>({
  checks,
  ...options
}: Omit<UseFormProps<Values, unknown, Output>, 'resolver'> & {
  checks: Resolver<Values, unknown, Output>;
}): UseFormReturn<Values, unknown, Output> {
  return useForm<Values, unknown, Output>({ ...options, resolver: checks });
}

/**
 * A server's refusal that names fields by path ('recipient.phone', 'allowedSlots.0') goes under the
 * first of `fields` each path falls within, the first message a field gets; true when one did. A
 * refusal no field explains is the caller's to say in the red box.
 */
export function refusalOnFields<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const placed = new Set<Path<Values>>();
  for (const issue of error.errors) {
    const field = fields.find((name) => issue.path === name || issue.path.startsWith(`${name}.`));
    if (field === undefined || placed.has(field)) continue;
    placed.add(field);
    setError(field, { type: 'server', message: issue.message });
  }
  return placed.size > 0;
}

/** The server's first word on a part of a form it refused ('address' for 'address.city' too), if any. */
export const refusalUnder = (error: unknown, part: string): string | undefined =>
  error instanceof ApiError ? error.errors.find((issue) => issue.path.startsWith(part))?.message : undefined;
