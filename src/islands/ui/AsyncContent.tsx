import type { ReactNode } from 'react';
import type { AsyncState } from './use-async.ts';

interface Props<T> {
  state: AsyncState<T>;
  /** Announced while loading ('Loading the audit log…'). */
  loading: ReactNode;
  /** Announced when the load failed ('The audit log could not be loaded.'). */
  failed: ReactNode;
  /** Offers 'Try again' under the failure, which runs this. */
  retry?: () => void;
  /** A second line under the failure, saying what to do ('Please reload the page in a moment.'). */
  failedHint?: ReactNode;
  /** Shown when the value is an empty list; without it an empty list goes to `children`. */
  empty?: ReactNode;
  /** Renders the loaded value. */
  children: (value: T) => ReactNode;
}

/** The loading, failed and empty messages of a load, in one look, or its value rendered. */
export default function AsyncContent<T>({
  state,
  loading,
  failed,
  failedHint,
  retry,
  empty,
  children,
}: Props<T>) {
  if (state.status === 'loading')
    return (
      <p role="status" className="text-ink-muted">
        {loading}
      </p>
    );
  if (state.status === 'failed') return <LoadFailed message={failed} hint={failedHint} retry={retry} />;
  if (empty !== undefined && Array.isArray(state.value) && state.value.length === 0)
    return <p className="text-ink-muted">{empty}</p>;
  return <>{children(state.value)}</>;
}

/**
 * A failure announced in the look of a failed load, with the hint (what to do)
 * under it when given, and a 'Try again' button when `retry` is.
 */
export function LoadFailed({
  message,
  hint,
  retry,
}: {
  message: ReactNode;
  hint?: ReactNode;
  retry?: () => void;
}) {
  if (hint === undefined && retry === undefined)
    return (
      <p role="alert" className="font-semibold text-red-700">
        {message}
      </p>
    );
  return (
    <div role="alert" className="space-y-2">
      <p className="font-semibold text-red-700">{message}</p>
      {hint === undefined ? null : <p>{hint}</p>}
      {retry === undefined ? null : (
        <button type="button" className="btn btn-outline" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}
