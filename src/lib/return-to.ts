/**
 * The page to go back to after signing in again: set when a session ended on a
 * page (session-ended.ts), read once by the login form. Tab-scoped (sessionStorage).
 */

/** sessionStorage key of the page to return to. */
export const RETURN_TO_KEY = 'shelfmark.return-to';

/** Remembers the current page. */
export function rememberReturnPath(): void {
  sessionStorage.setItem(RETURN_TO_KEY, `${location.pathname}${location.search}${location.hash}`);
}

/** True for a path of this site ('/book/x?edit=true'); never '//host', a scheme or a backslash trick. */
export function isSitePath(path: string | null): path is string {
  return (
    path !== null &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    ![...path].some((ch) => ch.charCodeAt(0) < 0x20)
  );
}

/** The remembered page (forgotten once read), else `fallback`. */
export function takeReturnPath(fallback = '/'): string {
  const kept = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return isSitePath(kept) ? kept : fallback;
}

/** The page a link to /auth asked to come back to (`/auth?return=/profile/ann`), when it is a path of this site. */
export function returnPathFromQuery(search = location.search): string | undefined {
  const path = new URLSearchParams(search).get('return');
  return isSitePath(path) ? path : undefined;
}
