import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-md py-16 text-center">
      <title>Page Not Found</title>
      <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-stone-600">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="mt-6 inline-block rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Go Home
      </Link>
    </section>
  );
}

export { NotFoundPage as Component };
