// The browser's side of search for Premium members, while the 'search' switch
// is on 'Premium members': the /search page every viewer shares says search is
// for Premium members; for a signed-in member (by the session hint) this asks
// the same address again with the member's ID token and the `member` parameter
// (never cached), and puts the results page the server answered in place of
// the shared one. The server decides: a member who is not Premium gets the
// same page again, and is told so.
import { readHint } from './session-hint.ts';

/** What the status line says at each step. */
export const MEMBER_SEARCH_TEXTS = {
  searching: 'Searching…',
  signIn: 'Please sign in again to search.',
  notPremium: 'Search is open to Premium members only for now.',
  failed: 'Search is not available right now. Please try again in a moment.',
} as const;

export interface MemberSearchDeps {
  token: () => Promise<string | null>;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

const liveDeps: MemberSearchDeps = {
  token: async () => (await import('../data/client/shared/auth.ts')).currentIdToken(),
  fetch: (url, init) => fetch(url, init),
};

/** The address the member's request goes to: this page's, with `member=1`. */
export function memberSearchUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.set('member', '1');
  return `${url.pathname}${url.search}`;
}

/**
 * The <main> and the title of a page's HTML, parsed inertly (a <template>): only
 * the main is parsed, never the page's head, whose inline styles this page's
 * Content-Security-Policy does not list. Scripts in it never run.
 */
function pageParts(html: string): { main: HTMLElement; title: string } | null {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  if (start < 0 || end < start) return null;
  const parse = (fragment: string) => {
    const template = document.createElement('template');
    template.innerHTML = fragment;
    return template.content;
  };
  const main = parse(html.slice(start, end + '</main>'.length)).querySelector('main');
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return main ? { main, title: parse(title).textContent ?? '' } : null;
}

/**
 * Loads the member's results into `main` (the page's <main>), saying what
 * happens in `status`. Returns what became of it; never throws.
 */
export async function loadMemberSearch(
  main: HTMLElement,
  status: HTMLElement,
  href: string,
  deps: MemberSearchDeps = liveDeps,
): Promise<'shown' | keyof typeof MEMBER_SEARCH_TEXTS> {
  const say = (key: keyof typeof MEMBER_SEARCH_TEXTS) => {
    status.textContent = MEMBER_SEARCH_TEXTS[key];
    return key;
  };
  say('searching');
  try {
    const token = await deps.token();
    if (token === null) return say('signIn');
    const response = await deps.fetch(memberSearchUrl(href), {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/html' },
      cache: 'no-store',
    });
    if (response.status === 404) return say('notPremium');
    if (!response.ok) return say('failed');
    const page = pageParts(await response.text());
    if (page === null) return say('failed');
    // The shared page again: the server did not count this member as Premium.
    if (page.main.querySelector('[data-member-search]')) return say('notPremium');
    main.replaceChildren(...page.main.childNodes);
    if (page.title) document.title = page.title;
    return 'shown';
  } catch (error) {
    console.error('Member search failed', error);
    return say('failed');
  }
}

/** True when the session hint names a signed-in Premium member (a hint grants nothing; the server checks). */
export function hintedPremium(): boolean {
  return readHint()?.premium === true;
}

/**
 * The header box's suggestion requests for a Premium member while search is for
 * Premium members: the same address with `member=1` and the member's ID token.
 */
export function memberSuggestFetch(
  token: () => Promise<string | null> = liveDeps.token,
): (url: string, init: { signal: AbortSignal }) => Promise<Response> {
  return async (url, init) => {
    const current = await token();
    return fetch(memberSearchUrl(new URL(url, location.origin).href), {
      ...init,
      cache: 'no-store',
      headers: { Accept: 'application/json', ...(current ? { Authorization: `Bearer ${current}` } : {}) },
    });
  };
}
