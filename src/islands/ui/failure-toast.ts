/**
 * The toast an island shows when a save or delete fails (owned items, shelves, reviews). Every error
 * toast is titled 'Error' with the failure text as its description; when the
 * server refused for a reason the member can act on, its message follows.
 */

/** Refusal codes whose server message tells the member what to fix (bad field, no right, gone, conflict). */
const TELLING_CODES = new Set(['invalid-argument', 'permission-denied', 'not-found', 'failed-precondition']);

/** A refused call as the data layer reports it. */
export interface Refusal {
  code: string;
  message: string;
}

/** The error toast for `failure` ('Failed to save book.'), given the server's refusal if there was one. */
export function failureToast(failure: string, refusal?: Refusal) {
  const reason = refusal && TELLING_CODES.has(refusal.code) && refusal.message ? ` ${refusal.message}` : '';
  return { title: 'Error', description: `${failure}${reason}`, variant: 'destructive' as const };
}
