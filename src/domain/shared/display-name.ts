/**
 * What a display name may hold. The name is shown on public pages and put into
 * mails (verification, the contact relay), so it must not carry links, markup or
 * characters a person cannot see. Every check is one regular expression written
 * as source text that means the same to JavaScript (`u` flag) and to RE2, the
 * engine of firestore.rules: the rules repeat these sources
 * (`displayNameRefusedPattern()`, a unit test keeps them equal), so a name written
 * directly to Firestore is judged exactly as one sent to a Cloud Function.
 */
import { z } from 'zod';
import { TEXT_LIMITS } from './common.ts';

/**
 * Control characters (C0, DEL, C1), the bidirectional overrides and isolates
 * that can make a name read differently from what it holds, and the line and
 * paragraph separators. Joiners used in emoji sequences stay allowed.
 */
export const DISPLAY_NAME_CONTROL_SOURCE = String.raw`[\p{Cc}\u{200E}\u{200F}\u{202A}-\u{202E}\u{2066}-\u{2069}\u{2028}\u{2029}]`;

/** Markup: the angle brackets that open and close a tag. */
export const DISPLAY_NAME_MARKUP_SOURCE = '[<>]';

/**
 * Look-alike characters: every character that Unicode compatibility
 * normalisation (NFKC) turns into an ASCII letter, digit or address
 * punctuation ('ｗｗｗ．', '𝐞𝐱𝐚𝐦𝐩𝐥𝐞', 'ⓒⓞⓜ', '⒈', 'ﬁ'). A mail program may
 * show them as the plain characters, so they could spell an address the
 * web-address check below does not see; the rules cannot normalise text, so
 * such characters are refused outright. A unit test walks all of Unicode to
 * prove this list misses none.
 */
export const DISPLAY_NAME_LOOKALIKE_SOURCE = [
  '[',
  String.raw`\u{00AA}\u{00B2}-\u{00B3}\u{00B9}-\u{00BA}\u{00BC}-\u{00BE}\u{0132}-\u{0133}\u{013F}-\u{0140}\u{0149}\u{017F}`,
  String.raw`\u{01C4}-\u{01CC}\u{01F1}-\u{01F3}\u{02B0}\u{02B2}-\u{02B3}\u{02B7}-\u{02B8}\u{02E1}-\u{02E3}\u{1D2C}\u{1D2E}`,
  String.raw`\u{1D30}-\u{1D31}\u{1D33}-\u{1D3A}\u{1D3C}\u{1D3E}-\u{1D43}\u{1D47}-\u{1D49}\u{1D4D}\u{1D4F}-\u{1D50}\u{1D52}`,
  String.raw`\u{1D56}-\u{1D58}\u{1D5B}\u{1D62}-\u{1D65}\u{1D9C}\u{1DA0}\u{1DBB}\u{1E9A}\u{2024}-\u{2026}`,
  String.raw`\u{2070}-\u{2071}\u{2074}-\u{207A}\u{207F}-\u{208A}\u{2090}-\u{2093}\u{2095}-\u{209C}\u{20A8}\u{2100}-\u{2103}\u{2105}-\u{2106}`,
  String.raw`\u{2109}-\u{210E}\u{2110}-\u{2113}\u{2115}-\u{2116}\u{2119}-\u{211D}\u{2120}-\u{2122}\u{2124}\u{2128}\u{212A}`,
  String.raw`\u{212C}-\u{212D}\u{212F}-\u{2131}\u{2133}-\u{2134}\u{2139}\u{213B}\u{2145}-\u{2149}\u{2150}-\u{217F}\u{2189}`,
  String.raw`\u{2460}-\u{24EA}\u{2A74}\u{2C7C}-\u{2C7D}\u{3250}-\u{325F}\u{32B1}-\u{32CF}\u{3358}-\u{337A}\u{3380}-\u{33FF}\u{A7F1}-\u{A7F4}`,
  String.raw`\u{FB00}-\u{FB06}\u{FB29}\u{FE12}-\u{FE13}\u{FE19}\u{FE30}\u{FE52}\u{FE55}\u{FE62}-\u{FE63}`,
  String.raw`\u{FF0B}\u{FF0D}-\u{FF1A}\u{FF21}-\u{FF3A}\u{FF41}-\u{FF5A}\u{FF61}\u{107A5}\u{1CCD6}-\u{1CCF9}\u{1D400}-\u{1D7FF}`,
  String.raw`\u{1F100}-\u{1F10A}\u{1F110}-\u{1F12E}\u{1F130}-\u{1F14F}\u{1F16A}-\u{1F16C}\u{1F190}\u{1FBF0}-\u{1FBF9}`,
  ']',
].join('');

/**
 * Top-level domains that read like a web address after a dot in a name. Kept
 * to the common and abused ones: the full list holds words that appear in
 * names after an initial ('M.Sc', 'O.de Vries', 'J.It').
 */
export const WEB_TLDS = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'xyz',
  'top',
  'site',
  'online',
  'shop',
  'store',
  'club',
  'link',
  'click',
  'live',
  'app',
  'dev',
  'page',
  'blog',
  'website',
  'space',
  'tech',
  'fun',
  'icu',
  'buzz',
  'vip',
  'win',
  'bid',
  'loan',
  'io',
  'co',
  'ly',
  'gg',
  'tv',
  'cc',
  'ai',
  'sh',
  'ws',
  'pw',
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'su',
  'ru',
  'cn',
  'uk',
] as const;

/** Dots, including the full-width and ideographic ones browsers also accept in addresses. */
const DOT = String.raw`[.\u{3002}\u{FF0E}\u{FF61}]`;

/**
 * A web address, matched without regard to case: a scheme (`http://`, `ftp://` …),
 * `www.` at the start of a word, or `name.tld` as a word of its own ('shelfmark.com',
 * 'bit.ly/x', but not 'J. R. R.' or 'Dr. Seuss'). No look-ahead, which RE2 lacks.
 */
export const DISPLAY_NAME_WEB_ADDRESS_SOURCE = [
  String.raw`[a-z][a-z0-9+.-]*://`,
  String.raw`(?:^|[^\p{L}\p{N}])www${DOT}`,
  String.raw`[\p{L}\p{N}-]${DOT}(?:${WEB_TLDS.join('|')})(?:[^\p{L}\p{N}]|$)`,
].join('|');

const CONTROL = new RegExp(DISPLAY_NAME_CONTROL_SOURCE, 'u');
const MARKUP = new RegExp(DISPLAY_NAME_MARKUP_SOURCE, 'u');
const LOOKALIKE = new RegExp(DISPLAY_NAME_LOOKALIKE_SOURCE, 'u');
const WEB_ADDRESS = new RegExp(DISPLAY_NAME_WEB_ADDRESS_SOURCE, 'iu');

/**
 * Everything a display name may not contain, as one RE2 pattern for
 * firestore.rules: `matches` there must match the whole string, hence `.*` on
 * both sides, `s` so that `.` also crosses line breaks, and case-insensitivity
 * for the web address only (look-alikes such as the Kelvin sign would otherwise
 * also refuse a plain 'k').
 */
export function displayNameRefusedRe2(): string {
  const re2 = (source: string) => source.replace(/\\u\{/g, '\\x{');
  const parts = [DISPLAY_NAME_CONTROL_SOURCE, DISPLAY_NAME_MARKUP_SOURCE, DISPLAY_NAME_LOOKALIKE_SOURCE].map(
    re2,
  );
  return `(?s).*(?:${parts.join('|')}|(?i:${re2(DISPLAY_NAME_WEB_ADDRESS_SOURCE)})).*`;
}

/** True when `name` holds a control character a person cannot see. */
export function hasControlCharacters(name: string): boolean {
  return CONTROL.test(name);
}

/** True when `name` holds markup (`<` or `>`). */
export function hasMarkup(name: string): boolean {
  return MARKUP.test(name);
}

/** True when `name` holds a character that only looks like a letter, digit or dot (full-width, styled, circled …). */
export function hasLookalikeCharacters(name: string): boolean {
  return LOOKALIKE.test(name);
}

/** True when `name` holds something a mail program or browser would take for a link, as it is typed. */
export function hasLiteralWebAddress(name: string): boolean {
  return WEB_ADDRESS.test(name);
}

/** Why a display name is refused when it carries a web address. */
export const DISPLAY_NAME_LINK_MESSAGE = 'Display name cannot contain links or web addresses.';

/** Why a display name is refused when it carries invisible control characters. */
export const DISPLAY_NAME_CONTROL_MESSAGE = 'Display name cannot contain special control characters.';

/** Why a display name is refused when it carries markup. */
export const DISPLAY_NAME_MARKUP_MESSAGE = 'Display name cannot contain < or >.';

/** Why a display name is refused when it carries full-width, styled or circled letters, digits or dots. */
export const DISPLAY_NAME_LOOKALIKE_MESSAGE =
  'Display name cannot contain full-width, styled or circled letters, digits or dots. Please type them as plain text.';

/** True when `name` holds something a mail program or browser would take for a link, also once look-alike letters are folded (NFKC). */
export function hasWebAddress(name: string): boolean {
  return hasLiteralWebAddress(name) || hasLiteralWebAddress(name.normalize('NFKC'));
}

/**
 * Problems with a display name beyond its length, or null. The name is shown on
 * public pages and inserted into emails sent to the address typed at sign-up, so
 * it must not carry links (anyone could otherwise send our mail with their link
 * in it), markup, look-alike characters or invisible characters. firestore.rules
 * repeats these rules (displayNameRefusedRe2).
 */
export function displayNameProblem(name: string): string | null {
  if (hasControlCharacters(name)) return DISPLAY_NAME_CONTROL_MESSAGE;
  if (hasWebAddress(name)) return DISPLAY_NAME_LINK_MESSAGE;
  if (hasMarkup(name)) return DISPLAY_NAME_MARKUP_MESSAGE;
  if (hasLookalikeCharacters(name)) return DISPLAY_NAME_LOOKALIKE_MESSAGE;
  return null;
}

/**
 * A member's public name as every form and every mail takes it: trimmed, present,
 * at most TEXT_LIMITS.name characters, and none of the problems above.
 */
export const displayNameSchema = z
  .string({ error: 'Display name is required.' })
  .trim()
  .min(1, 'Display name is required.')
  .max(TEXT_LIMITS.name, `Display name must be at most ${TEXT_LIMITS.name} characters.`)
  .refine((name) => !hasControlCharacters(name), DISPLAY_NAME_CONTROL_MESSAGE)
  .refine((name) => !hasWebAddress(name), DISPLAY_NAME_LINK_MESSAGE)
  .refine((name) => !hasMarkup(name), DISPLAY_NAME_MARKUP_MESSAGE)
  .refine((name) => !hasLookalikeCharacters(name), DISPLAY_NAME_LOOKALIKE_MESSAGE);
