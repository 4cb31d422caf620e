import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { NETWORK_ERROR_MESSAGE } from './api/client';

/**
 * A form's resolver whose checks (the shared schemas, with Zod) load on first use, so that the
 * page opens without them (decision 0088). Offline, the form says so as its root error and sends
 * nothing; the next check asks for them again.
 */
export function resolverOnFirstUse<Checks, Values extends FieldValues, Output>(
  load: () => Promise<Checks>,
  pick: (checks: Checks) => Resolver<Values, unknown, Output>,
): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    let checks: Checks;
    try {
      checks = await load();
    } catch {
      const errors = { root: { type: 'network', message: NETWORK_ERROR_MESSAGE } } as FieldErrors<Values>;
      return { values: {}, errors };
    }
    return pick(checks)(values, context, options);
  };
}
