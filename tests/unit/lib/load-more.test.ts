// @vitest-environment jsdom
// LoadMore.astro's script (src/lib/load-more.ts), on the markup the component renders
// for the directory and for the result grids: the next page's items are appended in
// place, the status counts them, the link follows the cursor or goes on the last page,
// and any failure opens the link instead.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMore, loadedStatus } from '../../../src/lib/load-more.ts';

/** LoadMore.astro's markup, with the list it extends before it. */
function page(list: string, items: string[], next: string | null, texts: string): string {
  const link = next
    ? `<a href="${next}" class="btn" data-load-more data-load-list="${list}" ${texts}>Load more</a>`
    : '';
  const open = list === '#results' ? '<ul id="results">' : '<ul data-directory-list>';
  return `${open}${items.map((item) => `<li><article><a href="/x/${item}">${item}</a></article></li>`).join('')}</ul>
    <div data-load-more-area><div>${link}</div><p role="status" data-load-status></p></div>`;
}

const DIRECTORY = `data-loading-text="Loading profiles..." data-loaded-text="{count} more profiles loaded." data-last-text="{count} more profiles loaded. That is everyone."`;
const RESULTS = `data-loaded-text="{count} more loaded"`;

const link = () => document.querySelector<HTMLAnchorElement>('a[data-load-more]');
const status = () => document.querySelector('[data-load-status]')?.textContent;
const shown = (list: string) => [...document.querySelectorAll(`${list} > li`)].map((li) => li.textContent);

function answer(html: string, ok = true) {
  const fetch = vi.fn(async () => ({ ok, status: ok ? 200 : 500, text: async () => html }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  document.body.innerHTML = '';
});
// The page is left empty: files after this one may share the document.
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('loadedStatus', () => {
  it('puts the number of items in the text', () => {
    expect(loadedStatus('{count} more loaded', 24)).toBe('24 more loaded');
    expect(loadedStatus('{count} more profiles loaded. That is everyone.', 3)).toBe(
      '3 more profiles loaded. That is everyone.',
    );
  });
});

describe('loadMore', () => {
  it('appends the next page’s results, follows its cursor and focuses the first new item', async () => {
    document.body.innerHTML = page('#results', ['a', 'b'], '/categories?after=b', RESULTS);
    const fetch = answer(
      `<style>li{}</style>${page('#results', ['c', 'd'], '/categories?after=d', RESULTS)}`,
    );
    const open = vi.fn();
    const first = link()!.href;
    await loadMore(link()!, open);
    expect(fetch).toHaveBeenCalledWith(first, { headers: { Accept: 'text/html' } });
    expect(shown('#results')).toEqual(['a', 'b', 'c', 'd']);
    expect(link()!.getAttribute('href')).toBe('/categories?after=d');
    expect(link()!.hasAttribute('aria-disabled')).toBe(false);
    expect(status()).toBe('2 more loaded');
    expect(document.activeElement?.getAttribute('href')).toBe('/x/c');
    expect(open).not.toHaveBeenCalled();
  });

  it('on the directory’s last page removes the link and says that is everyone', async () => {
    document.body.innerHTML = page('[data-directory-list]', ['a'], '/directory?after=a', DIRECTORY);
    let resolve: (html: string) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200, text: () => new Promise<string>((r) => (resolve = r)) })),
    );
    const loading = loadMore(link()!, vi.fn());
    await vi.waitFor(() => expect(status()).toBe('Loading profiles...'));
    expect(link()!.getAttribute('aria-disabled')).toBe('true');
    resolve(page('[data-directory-list]', ['b', 'c'], null, DIRECTORY));
    await loading;
    expect(shown('[data-directory-list]')).toEqual(['a', 'b', 'c']);
    expect(link()).toBeNull();
    expect(status()).toBe('2 more profiles loaded. That is everyone.');
  });

  it('opens the link when the next page fails, or when the page lacks the list', async () => {
    document.body.innerHTML = page('#results', ['a'], '/categories?after=a', RESULTS);
    answer('Server error', false);
    const open = vi.fn();
    await loadMore(link()!, open);
    expect(open).toHaveBeenCalledWith(link()!.href);
    expect(shown('#results')).toEqual(['a']);

    document.body.innerHTML = page('#results', ['a'], '/categories?after=a', RESULTS).replace(
      ' id="results"',
      '',
    );
    const fetch = answer('');
    await loadMore(link()!, open);
    expect(fetch).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(2);
  });
});
