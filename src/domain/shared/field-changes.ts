// Which fields a Firestore write changed, for triggers that act only on some
// changes (a page purge, a refresh). Values compare deeply; Timestamps and Dates
// compare by their time, so a re-written time that did not move is no change.

/** Deep equality for Firestore values (Timestamps and Dates compare by time). */
export function sameFieldValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const time = (v: unknown) =>
    v instanceof Date
      ? v.getTime()
      : typeof (v as { toMillis?: unknown })?.toMillis === 'function'
        ? (v as { toMillis(): number }).toMillis()
        : undefined;
  const ta = time(a);
  if (ta !== undefined) return ta === time(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameFieldValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** The top-level fields whose value differs between `before` and `after` (added and removed ones included). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => !sameFieldValue(before[key], after[key]));
}

/**
 * True when a write updated the document (it existed before and after) and
 * every field it changed is one of `fields`; false for a create, a delete, or a
 * write that changed nothing.
 */
export function onlyFieldsChanged(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  fields: readonly string[],
): boolean {
  if (!before || !after) return false;
  const changed = changedFields(before, after);
  return changed.length > 0 && changed.every((field) => fields.includes(field));
}
