import { useLocation, useNavigate } from 'react-router';
import { Button } from '../components/button';
import { PageMeta } from '../components/page-meta';

/** SPEC 2: a debug page confirming the payment route works, with a Go Back button. */
export function TestPaymentPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // A visitor who opened this page directly (the first entry's key is 'default') has no page of
  // ours to go back to: home instead.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <section className="mx-auto max-w-md py-12 text-center">
      <PageMeta title="Payment Route Test" description="Checks that the payment route works." />
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold text-stone-900">Payment Route Test</h1>
      <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-800">
        The payment route is working.
      </p>
      <p className="mt-2 text-sm text-stone-600">This page is for checking the store's set-up only.</p>
      <Button onClick={goBack} className="mt-6 px-8">
        Go Back
      </Button>
    </section>
  );
}

export { TestPaymentPage as Component };
