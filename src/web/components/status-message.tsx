import type { ReactNode } from 'react';

/** Errors appear in a red box (SPEC 2 login modal); used for every error banner. */
export function ErrorBanner({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {children}
    </div>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-stone-600">
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-md py-12 text-center">
      <h2 className="text-xl font-bold text-stone-900">{title}</h2>
      {children && <div className="mt-2 text-stone-600">{children}</div>}
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}

/** A notice that is not an error (an old link's product is gone), announced politely. */
export function InfoBanner({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {children}
    </div>
  );
}
