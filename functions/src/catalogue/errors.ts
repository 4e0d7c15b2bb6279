/**
 * The ways a catalogue look-up fails, which callers tell apart by `kind`:
 * - `not-found`: the source has no such record (404, an unknown ISBN, an id of the wrong form);
 * - `timed-out`: no answer within the per-request timeout, on every try;
 * - `unavailable`: the source refused or failed (5xx, 429 past the retries or asking for a
 *   longer wait than we keep a caller waiting, a network error);
 * - `malformed`: an answer that is not JSON or not of the documented shape. Not retried:
 *   asking again the same way is expected to give the same answer.
 */
export type CatalogueErrorKind = 'not-found' | 'timed-out' | 'unavailable' | 'malformed';

export class CatalogueError extends Error {
  override readonly name = 'CatalogueError';
  constructor(
    readonly kind: CatalogueErrorKind,
    message: string,
    /** The HTTP status of the last answer, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True for a CatalogueError of `kind` (any kind when none is given). */
export function isCatalogueError(error: unknown, kind?: CatalogueErrorKind): error is CatalogueError {
  return error instanceof CatalogueError && (kind === undefined || error.kind === kind);
}
