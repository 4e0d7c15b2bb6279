// The result pages where a form posted without JavaScript lands (/opt-in, /report):
// POST answers with a redirect to ?result=<state>, and the page says what happened.

/** What a result page says for one state. */
export interface ResultText {
  readonly title: string;
  readonly body: string;
}

/**
 * The text of the state `asked` names in `results`, or of `fallback` for a missing or
 * unknown state. Only the table's own states count, so `?result=toString` is unknown.
 */
export function resultFrom<K extends string>(
  results: Readonly<Record<K, ResultText>>,
  asked: string | null,
  fallback: K,
): ResultText {
  return asked !== null && Object.hasOwn(results, asked) ? results[asked as K] : results[fallback];
}
