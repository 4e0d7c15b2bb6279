// @vitest-environment jsdom
// Search for Premium members: the shared page asks again with the member's token
// and `member=1`, and puts the server's results page in place of its own; a page
// that is still the shared one, a 404, a missing token or a failure each say so
// and change nothing else.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MEMBER_SEARCH_TEXTS,
  loadMemberSearch,
  memberSearchUrl,
  memberSuggestFetch,
} from '../../../src/lib/member-search';

const html = (main: string, title = 'Search: tides') =>
  `<!doctype html><html><head><title>${title}</title></head><body><header>h</header><main id="main">${main}</main></body></html>`;

function page() {
  document.body.innerHTML =
    '<main id="main"><div data-member-search><p data-member-search-status></p></div></main>';
  return {
    main: document.querySelector<HTMLElement>('main')!,
    status: document.querySelector<HTMLElement>('[data-member-search-status]')!,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('memberSearchUrl', () => {
  it('keeps the search and adds member=1', () => {
    expect(memberSearchUrl('https://shelfmark.test/search?q=tides&kind=book')).toBe(
      '/search?q=tides&kind=book&member=1',
    );
    expect(memberSearchUrl('https://shelfmark.test/search?q=a&member=0')).toBe('/search?q=a&member=1');
  });
});

describe('loadMemberSearch', () => {
  it("asks with the member's token and shows the results page in place of the shared one", async () => {
    const { main, status } = page();
    const fetch = vi.fn(async () => new Response(html('<h1>Search</h1><p data-results>3 results</p>')));
    const outcome = await loadMemberSearch(main, status, 'https://shelfmark.test/search?q=tides', {
      token: async () => 'id-token',
      fetch,
    });
    expect(outcome).toBe('shown');
    expect(fetch).toHaveBeenCalledWith('/search?q=tides&member=1', {
      headers: { Authorization: 'Bearer id-token', Accept: 'text/html' },
      cache: 'no-store',
    });
    expect(main.querySelector('[data-results]')!.textContent).toBe('3 results');
    expect(main.querySelector('[data-member-search]')).toBeNull();
    expect(document.title).toBe('Search: tides');
  });

  it("takes only the answer's main (its head's styles never enter this page) and reads its title as text", async () => {
    const { main, status } = page();
    const answer = html('<p data-results>1 result</p>', 'Search: salt &amp; tides').replace(
      '<title>',
      '<style>body{display:none}</style><title>',
    );
    await loadMemberSearch(main, status, 'https://shelfmark.test/search?q=salt', {
      token: async () => 't',
      fetch: async () => new Response(answer),
    });
    expect(document.title).toBe('Search: salt & tides');
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(main.querySelector('[data-results]')!.textContent).toBe('1 result');
  });

  it.each([
    [
      'the shared page again (not Premium)',
      async () => new Response(html('<div data-member-search></div>')),
      'notPremium',
    ],
    ['a 404', async () => new Response('', { status: 404 }), 'notPremium'],
    ['a 503', async () => new Response('', { status: 503 }), 'failed'],
    ['a network failure', async () => Promise.reject(new Error('offline')), 'failed'],
  ] as const)('says so after %s, keeping the shared page', async (_name, answer, key) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { main, status } = page();
    const outcome = await loadMemberSearch(main, status, 'https://shelfmark.test/search?q=x', {
      token: async () => 't',
      fetch: answer,
    });
    expect(outcome).toBe(key);
    expect(status.textContent).toBe(MEMBER_SEARCH_TEXTS[key]);
    expect(main.querySelector('[data-member-search]')).not.toBeNull();
  });

  it('asks nothing without a token', async () => {
    const { main, status } = page();
    const fetch = vi.fn();
    expect(
      await loadMemberSearch(main, status, 'https://shelfmark.test/search?q=x', {
        token: async () => null,
        fetch,
      }),
    ).toBe('signIn');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('memberSuggestFetch', () => {
  it('asks for suggestions with member=1 and the token', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    const signal = new AbortController().signal;
    await memberSuggestFetch(async () => 'tok')('/api/search/suggest?q=ti', { signal });
    expect(fetch).toHaveBeenCalledWith('/api/search/suggest?q=ti&member=1', {
      signal,
      cache: 'no-store',
      headers: { Accept: 'application/json', Authorization: 'Bearer tok' },
    });
  });
});
