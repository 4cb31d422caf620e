import { isRouteErrorResponse, useRouteError } from 'react-router';

/** SPEC 8: the generic routing failure screen. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <section role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <title>Unexpected Application Error!</title>
      <h1 className="text-2xl font-bold text-red-700">Unexpected Application Error!</h1>
      <p className="mt-2 text-stone-600">Something went wrong while showing this page.</p>
      {detail && <p className="mt-2 text-sm text-stone-500">{detail}</p>}
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Try again
        </button>
        <a href="/" className="rounded-lg border border-brand-600 px-5 py-2.5 font-semibold text-brand-700">
          Go Home
        </a>
      </div>
    </section>
  );
}
