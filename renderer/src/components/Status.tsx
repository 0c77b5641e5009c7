import type { ReactNode } from 'react';
import { describeError } from '../errors';

/** An engine error shown where it happened, in the engine's own bookkeeper words; never a stack trace. */
export function ErrorBanner({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="banner banner-error">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="button button-small" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** What an empty list or panel says: what is (not) here, and a hint of what brings something in. */
export interface EmptyText {
  title: string;
  hint?: string;
}

export function EmptyState({ title, hint, children }: EmptyText & { children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {hint && <p>{hint}</p>}
      {children}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="loading">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

/** A read's first load or its failure (in the engine's words, with Try again); nothing once it has data. */
export function QueryStatus({ query, loading }: { query: QueryLike; loading: string }) {
  if (query.isError) return <ErrorBanner message={describeError(query.error)} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Loading label={loading} />;
  return null;
}

/** What became of a command: the success message, or the engine's reason (an alert). */
export function Outcome({ action, ok }: { action: { result: unknown; error: string | null }; ok?: string }) {
  if (action.error)
    return (
      <p role="alert" className="banner banner-error">
        {action.error}
      </p>
    );
  if (ok && action.result !== undefined)
    return (
      <p role="status" className="banner banner-ok">
        {ok}
      </p>
    );
  return null;
}
