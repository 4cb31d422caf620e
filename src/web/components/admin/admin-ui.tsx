import type { ReactNode } from 'react';
import { orderStatusLabel } from '../../../shared/order-status';
import { ApiError } from '../../api/client';
import { Button } from '../button';
import { ErrorBanner, Spinner } from '../status-message';

/** A readable message for a failed call. */
export const errorMessage = (error: unknown) =>
  (error instanceof ApiError && error.message) || 'Something went wrong. Please try again.';

/** Loading and error states of one query, the same on every back-office screen. */
export function QueryState({
  isPending,
  error,
  label,
  children,
}: {
  isPending: boolean;
  error: unknown;
  label: string;
  children: ReactNode;
}) {
  if (isPending) {
    return (
      <div className="py-10 text-center">
        <Spinner label={`Loading ${label}`} />
      </div>
    );
  }
  if (error) return <ErrorBanner>{errorMessage(error)}</ErrorBanner>;
  return <>{children}</>;
}

export function StatusText({ status }: { status: string }) {
  return (
    <span className="inline-block rounded-full border border-brand-200 bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
      {orderStatusLabel(status)}
    </span>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-stone-600">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
