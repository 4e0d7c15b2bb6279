/**
 * Two slug rules exist on purpose: sign-up derives the page
 * slug one way and the profile editor another. Both
 * first fold accents ('José' → 'jose') so Latin names keep their letters;
 * letters of other scripts are dropped, and an empty result is handled by
 * `uniqueSlug`, which falls back to 'member'.
 */

/** Slug used when a display name yields nothing usable (e.g. only emoji or non-Latin letters). */
export const FALLBACK_SLUG = 'member';

/** What a page slug may contain: lower-case letters, digits, underscore and hyphen. */
export const PAGE_SLUG_PATTERN = /^[a-z0-9_-]+$/;

/** Removes accents by decomposing characters and dropping the combining marks. */
function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '');
}

/** Sign-up slug: lower-case, whitespace runs → '-', then drop anything but a-z, 0-9, '_' and '-'. */
export function signupSlug(displayName: string): string {
  return foldAccents(displayName.trim().toLowerCase())
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_-]/g, '');
}

/** Profile-editor slug: lower-case, each run of non-alphanumerics → '-', leading/trailing '-' trimmed. */
export function profileSlug(displayName: string): string {
  return foldAccents(displayName.toLowerCase())
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Returns `base`, or base-2, base-3 … — the first one `isTaken` rejects not; an empty base becomes 'member'. */
export function uniqueSlug(base: string, isTaken: (slug: string) => boolean): string {
  const root = base === '' ? FALLBACK_SLUG : base;
  if (!isTaken(root)) return root;
  for (let n = 2; ; n += 1) {
    const candidate = `${root}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}
