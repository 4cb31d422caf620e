import { POLICY_PAGES } from '../../shared/policy-pages';

/**
 * DPDP Act 2023 s.5: the notice where personal data is asked for (sign-up, a mobile's first code):
 * what is kept, why, for how long, and the shopper's rights, with the whole notice a tap away.
 */
export function CollectionNotice() {
  return (
    <p className="text-xs text-stone-700">
      We keep your name, e-mail and mobile number to run your account and orders, for as long as our{' '}
      {/* A new tab: the form being filled stays as it is (and it renders outside any router too). */}
      <a
        href={POLICY_PAGES.privacy.path}
        target="_blank"
        rel="noopener"
        className="font-semibold text-brand-800 underline"
      >
        Privacy policy (opens in a new tab)
      </a>{' '}
      says. You can download or delete them from My Orders, and complain to our Grievance Officer or the Data
      Protection Board.
    </p>
  );
}
