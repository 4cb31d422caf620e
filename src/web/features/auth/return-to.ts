/**
 * Navigation state the login and register pages understand: where to go back to (SPEC 2: "return
 * the user to the page they came from") and a shipping address carried from checkout to payment.
 */
export type AuthNavigationState = {
  from?: string | { pathname: string; search?: string; hash?: string };
  shippingAddress?: unknown;
  /** Shown above the form, e.g. 'Session expired. Please login again.' */
  message?: string;
};

const asState = (state: unknown): AuthNavigationState =>
  state && typeof state === 'object' ? (state as AuthNavigationState) : {};

// Only paths on this site: '//host' or 'https://…' in ?redirect= must not send a shopper away.
// Going back to /login or /register after signing in would only show the form again.
const isLocalPath = (path: string) =>
  path.startsWith('/') &&
  !path.startsWith('//') &&
  !path.startsWith('/\\') &&
  !/^\/(login|register)\b/.test(path);

/** location.state.from, else ?redirect=, else '/'. */
export function returnPathOf(location: { state: unknown; search: string }): string {
  const { from } = asState(location.state);
  const fromPath =
    typeof from === 'string' ? from : from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '';
  if (fromPath && isLocalPath(fromPath)) return fromPath;
  const redirect = new URLSearchParams(location.search).get('redirect');
  return redirect && isLocalPath(redirect) ? redirect : '/';
}

/** The state to pass on: the shipping address, if one came along. */
export function carriedState(location: { state: unknown }): { shippingAddress: unknown } | undefined {
  const { shippingAddress } = asState(location.state);
  return shippingAddress === undefined ? undefined : { shippingAddress };
}

export const messageOf = (location: { state: unknown }): string | undefined => {
  const { message } = asState(location.state);
  return typeof message === 'string' ? message : undefined;
};
