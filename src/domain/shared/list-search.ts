/**
 * Search over Firestore, shared by every searchable list (the member directory,
 * the book listings) and by what stores their keywords (the triggers and the
 * seed), so a word is folded, stored and looked up the same way everywhere.
 *
 * Firestore has no substring or full-text search. A searchable document
 * therefore stores `search_keywords`: every folded word of its searchable
 * fields with each prefix of SEARCH_KEYWORD_MIN_LENGTH to
 * SEARCH_KEYWORD_MAX_LENGTH characters. A search matches when each of its
 * terms starts some word ('mid' finds 'Midnight'; 'night' does not): one term
 * is matched in Firestore with array-contains (one per query), the others in
 * memory on the fetched documents.
 *
 * Folding ignores case and accents ('Éclair' = 'eclair'), spells out ß, æ, œ,
 * ø, ł and đ ('Straße' = 'strasse'), drops apostrophes inside words
 * ("O'Brien" = 'obrien') and splits words at any other character that is not
 * a letter or a digit ('sci-fi' is 'sci' and 'fi').
 */

/** Shortest keyword and shortest search word: one-character words are neither stored nor searched. */
export const SEARCH_KEYWORD_MIN_LENGTH = 2;
/** Longest keyword: words are indexed by their first 20 characters, and longer search words are cut to match. */
export const SEARCH_KEYWORD_MAX_LENGTH = 20;
/** Longest search text; a longer one is cut to this length (with a note), never dropped. */
export const SEARCH_TEXT_MAX_LENGTH = 100;
/** Most distinct words of a search that are matched; further words are ignored with a note. */
export const SEARCH_MAX_TERMS = 5;

/** Letters that do not decompose under NFKD, spelled as their usual ASCII form. */
const SPELLED: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd' };

/** Lower-cases and strips accents and apostrophes, so "L'Œuvre", 'loeuvre' and 'LOEUVRE' compare equal. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđ]/g, (letter) => SPELLED[letter] ?? letter)
    .replace(/['’‘`]/g, '');
}

/** The folded words of a text, in order and with repeats (letters and digits; anything else separates words). */
export function searchWords(text: string | null | undefined): string[] {
  return foldText(text ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** A field to index: its text, or its text with only its first `maxWords` words indexed. */
export type KeywordField = string | null | undefined | { text: string | null | undefined; maxWords: number };

/**
 * The stored keywords of a document: each word of the fields, in field order,
 * with its prefixes of SEARCH_KEYWORD_MIN_LENGTH to SEARCH_KEYWORD_MAX_LENGTH
 * characters, each once, at most `maxKeywords` (so earlier fields win when a
 * long text would overflow the cap).
 */
export function searchKeywords(fields: readonly KeywordField[], options: { maxKeywords: number }): string[] {
  const words = fields.flatMap((field) =>
    typeof field === 'object' && field !== null
      ? searchWords(field.text).slice(0, field.maxWords)
      : searchWords(field),
  );
  const keywords = new Set<string>();
  for (const word of words) {
    const longest = Math.min(word.length, SEARCH_KEYWORD_MAX_LENGTH);
    for (let length = SEARCH_KEYWORD_MIN_LENGTH; length <= longest; length++) {
      if (keywords.size >= options.maxKeywords) return [...keywords];
      keywords.add(word.slice(0, length));
    }
  }
  return [...keywords];
}

/** True when a stored value is exactly these keywords, in order (so a trigger writes only on change and cannot loop). */
export function sameKeywords(stored: unknown, keywords: readonly string[]): boolean {
  return (
    Array.isArray(stored) &&
    stored.length === keywords.length &&
    stored.every((keyword, i) => keyword === keywords[i])
  );
}

/**
 * The key a text sorts by: folded, trimmed, with single spaces, at most
 * `maxLength` characters. Firestore orders strings by bytes ('Zoe' before
 * 'ann'), so lists sort on this stored key instead.
 */
export function sortKey(text: string | null | undefined, maxLength: number): string {
  return foldText(text ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, maxLength);
}

/** A usable search: the text to show back and the terms to match. */
export interface SearchQuery {
  /** What the visitor typed, trimmed and cut to SEARCH_TEXT_MAX_LENGTH (shown back in the search box and the URL). */
  text: string;
  /** The distinct folded words to match, in typed order, as stored keywords look; never empty. */
  terms: string[];
}

/** A parsed search box value; `terms` is empty (and `text` '') when nothing in it can be searched. */
export interface ParsedSearch extends SearchQuery {
  /** True when the text was longer than SEARCH_TEXT_MAX_LENGTH and was cut (a note says so). */
  cut: boolean;
  /** Visible notes on what was cut or ignored. */
  notes: string[];
}

/**
 * Reads a search box value. An over-long text is cut to SEARCH_TEXT_MAX_LENGTH
 * (someone who typed too much still gets results for its start); words are
 * folded, words under SEARCH_KEYWORD_MIN_LENGTH characters dropped, longer
 * ones cut to SEARCH_KEYWORD_MAX_LENGTH (they then match on their stored
 * start), repeats removed, and only the first SEARCH_MAX_TERMS kept. Never throws.
 */
export function parseSearch(raw: string | null | undefined): ParsedSearch {
  const notes: string[] = [];
  let text = (raw ?? '').trim();
  const cut = text.length > SEARCH_TEXT_MAX_LENGTH;
  if (cut) {
    text = text.slice(0, SEARCH_TEXT_MAX_LENGTH).trim();
    notes.push(
      `Your search was longer than ${SEARCH_TEXT_MAX_LENGTH} characters, so only its first ${SEARCH_TEXT_MAX_LENGTH} were used.`,
    );
  }
  if (text === '') return { text: '', terms: [], cut, notes };
  const words = searchWords(text)
    .filter((word) => word.length >= SEARCH_KEYWORD_MIN_LENGTH)
    .map((word) => word.slice(0, SEARCH_KEYWORD_MAX_LENGTH));
  const terms = [...new Set(words)];
  if (terms.length === 0) {
    notes.push(
      `Search words need at least ${SEARCH_KEYWORD_MIN_LENGTH} letters or digits, so “${text}” was ignored.`,
    );
    return { text: '', terms: [], cut, notes };
  }
  if (terms.length > SEARCH_MAX_TERMS)
    notes.push(`Only the first ${SEARCH_MAX_TERMS} words of your search were used.`);
  return { text, terms: terms.slice(0, SEARCH_MAX_TERMS), cut, notes };
}

/**
 * The term to match in Firestore (array-contains allows one per query): the
 * longest, usually the rarest, so the fewest documents are read to check the
 * others in memory. Undefined when there are no terms.
 */
export function primaryTerm(terms: readonly string[]): string | undefined {
  return terms.reduce<string | undefined>(
    (best, term) => (best === undefined || term.length > best.length ? term : best),
    undefined,
  );
}

/** True when every term is among the keywords, i.e. starts some indexed word. */
export function matchesAllTerms(keywords: readonly string[] | undefined, terms: readonly string[]): boolean {
  return terms.every((term) => keywords?.includes(term) ?? false);
}
