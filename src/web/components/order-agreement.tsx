import { Link } from 'react-router';
import { POLICY_PAGES } from '../../shared/policy-pages';
import { PaymentMarks } from './payment-marks';

const linkClass = 'font-semibold text-brand-800 underline';

/**
 * Beside the button that places the order, the terms it is placed on (Consumer
 * Protection (E-Commerce) Rules, 2020) and the ways to pay.
 */
export function OrderAgreement() {
  return (
    <div className="flex flex-col items-center gap-2 text-center text-xs text-stone-700">
      <p>
        By placing the order you agree to our{' '}
        <Link to={POLICY_PAGES.terms.path} className={linkClass}>
          Terms of use
        </Link>{' '}
        and{' '}
        <Link to={POLICY_PAGES.privacy.path} className={linkClass}>
          Privacy policy
        </Link>
        : your delivery name, address and phone go to the courier, and we keep them with the order as that
        policy says. See{' '}
        <Link to={POLICY_PAGES.returns.path} className={linkClass}>
          Returns and refunds
        </Link>{' '}
        and{' '}
        <Link to={POLICY_PAGES.shipping.path} className={linkClass}>
          Shipping and delivery
        </Link>
        .
      </p>
      <PaymentMarks className="justify-center" />
    </div>
  );
}
