// A change to a counting document, kept in memory and written later in one
// increment (src/data/server/shared/write-behind.ts): numbers are added, strings
// replace, maps merge field by field.

/** A change to a day document: numbers are added, strings replace . */
export interface DayPatch {
  [field: string]: number | string | DayPatch;
}

/** `b` merged into `a`: numbers summed, strings taken from `b`, maps merged field by field. */
export function mergePatches(a: DayPatch, b: DayPatch): DayPatch {
  const merged: DayPatch = { ...a };
  for (const [field, value] of Object.entries(b)) {
    const current = merged[field];
    if (typeof value === 'number') merged[field] = (typeof current === 'number' ? current : 0) + value;
    else if (typeof value === 'string') merged[field] = value;
    else merged[field] = mergePatches(typeof current === 'object' ? current : {}, value);
  }
  return merged;
}
