/**
 * ISBNs as books carry them: typed with or without hyphens and spaces, an ISBN-10
 * (its last digit may be X, meaning 10) or an ISBN-13 (978 or 979 first), each
 * with its check digit verified. A book stores the ISBN-13 form, digits only: an
 * ISBN-10 becomes 978 + its first nine digits + a new ISBN-13 check digit, which
 * is how the ISBN agency maps one to the other.
 */

/** What the editors say of an ISBN they refuse (inline, under the field). */
export const ISBN_MESSAGES = {
  length: 'An ISBN has 10 or 13 digits (hyphens and spaces are fine).',
  characters: 'An ISBN holds only digits, hyphens and spaces (and an X as an ISBN-10’s last digit).',
  prefix: 'An ISBN-13 begins with 978 or 979.',
  checkDigit: 'This ISBN’s check digit is wrong.',
  /** Another book on the site holds the ISBN's claim (isbn-claim.ts): said by saveBook and shown at the field. */
  taken: 'This ISBN is already used by another book on Shelfmark.',
} as const;

/** A parsed ISBN: its ISBN-13, or why it was refused. */
export type IsbnResult = { ok: true; isbn13: string } | { ok: false; message: string };

/** The characters a typed ISBN may hold besides digits and a final X: separators. */
const SEPARATORS = /[\s\u2010-\u2015-]/g;

/** The ISBN-10 check digit (0–10, 10 written X) of nine digits. */
function isbn10Check(nine: string): number {
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(nine[i]) * (10 - i);
  return (11 - (sum % 11)) % 11;
}

/** The ISBN-13 check digit of twelve digits. */
export function isbn13Check(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Reads a typed ISBN-10 or ISBN-13 and gives its ISBN-13, or the message that says what is wrong. */
export function parseIsbn(input: string): IsbnResult {
  const compact = input.replace(SEPARATORS, '').toUpperCase();
  if (!/^\d*X?$/.test(compact)) return { ok: false, message: ISBN_MESSAGES.characters };
  if (compact.length === 10) {
    const nine = compact.slice(0, 9);
    if (!/^\d{9}$/.test(nine)) return { ok: false, message: ISBN_MESSAGES.characters };
    const check = isbn10Check(nine);
    const written = compact[9] === 'X' ? 10 : Number(compact[9]);
    if (check !== written) return { ok: false, message: ISBN_MESSAGES.checkDigit };
    const twelve = `978${nine}`;
    return { ok: true, isbn13: `${twelve}${isbn13Check(twelve)}` };
  }
  if (compact.length === 13) {
    if (compact.includes('X')) return { ok: false, message: ISBN_MESSAGES.characters };
    if (!compact.startsWith('978') && !compact.startsWith('979'))
      return { ok: false, message: ISBN_MESSAGES.prefix };
    if (isbn13Check(compact.slice(0, 12)) !== Number(compact[12]))
      return { ok: false, message: ISBN_MESSAGES.checkDigit };
    return { ok: true, isbn13: compact };
  }
  return { ok: false, message: ISBN_MESSAGES.length };
}

/** True for a stored ISBN: thirteen digits, 978 or 979 first, its check digit right. */
export function isStoredIsbn(value: string): boolean {
  return /^97[89]\d{10}$/.test(value) && parseIsbn(value).ok;
}

/**
 * The ISBN-10 of a stored ISBN-13, for matching and display of older editions; null
 * for a 979 ISBN, which has none.
 */
export function isbn10Of(isbn13: string): string | null {
  if (!isStoredIsbn(isbn13) || !isbn13.startsWith('978')) return null;
  const nine = isbn13.slice(3, 12);
  const check = isbn10Check(nine);
  return `${nine}${check === 10 ? 'X' : check}`;
}

/**
 * A stored ISBN-13 as people read it, hyphenated after the prefix and before the
 * check digit (978-1234567897 → 978-123456789-7). The hyphens between registration
 * group, registrant and publication need the agency's ranges, which we do not keep;
 * this form is unambiguous and searches find it with or without hyphens.
 */
export function formatIsbn(isbn13: string): string {
  return `${isbn13.slice(0, 3)}-${isbn13.slice(3, 12)}-${isbn13.slice(12)}`;
}
