/**
 * The script behind LoadMore.astro: 'Load more' is a plain link to the next page
 * of the same URL; with JavaScript a click fetches that page instead, appends the
 * children of its list to this page's list, says in the status how many arrived
 * and moves the focus to the first of them. The link then points at the page
 * after, or goes once there is none. On any failure the link simply opens.
 *
 * Each link carries what differs in data- attributes: `data-load-list` (selector
 * of the list, the same on every page), `data-loading-text` (optional),
 * `data-loaded-text` and `data-last-text` (optional; `{count}` is the number of
 * items). The status is the `[data-load-status]` of the link's
 * `[data-load-more-area]`.
 */

/** The status text once a page has arrived: `{count}` becomes the number of items. */
export function loadedStatus(template: string, count: number): string {
  return template.replace('{count}', String(count));
}

/** Fetches the page `link` points to and appends its items; on any failure `open`s that page instead. */
export async function loadMore(
  link: HTMLAnchorElement,
  open: (href: string) => void = (href) => location.assign(href),
): Promise<void> {
  const { loadList = '', loadingText, loadedText = '', lastText = loadedText } = link.dataset;
  const status = link.closest('[data-load-more-area]')?.querySelector<HTMLElement>('[data-load-status]');
  const list = loadList ? document.querySelector<HTMLElement>(loadList) : null;
  if (!status || !list) return open(link.href);
  link.setAttribute('aria-disabled', 'true');
  if (loadingText) status.textContent = loadingText;
  try {
    const response = await fetch(link.href, { headers: { Accept: 'text/html' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    // The next page's <style> is left out: a parsed document inherits this page's
    // policy, which allows only this page's own critical CSS.
    const html = (await response.text()).replace(/<style\b[\s\S]*?<\/style>/gi, '');
    const next = new DOMParser().parseFromString(html, 'text/html');
    const items = [...(next.querySelector(loadList)?.children ?? [])];
    list.append(...items.map((item) => document.adoptNode(item)));
    const nextHref = next.querySelector('a[data-load-more]')?.getAttribute('href');
    if (nextHref) {
      link.setAttribute('href', nextHref);
      link.removeAttribute('aria-disabled');
    } else link.remove();
    status.textContent = loadedStatus(nextHref ? loadedText : lastText, items.length);
    items[0]?.querySelector<HTMLElement>('a, button')?.focus();
  } catch {
    // Fall back to the plain link: the next page still opens.
    open(link.href);
  }
}

/** Lets a plain left click on any 'Load more' link of the page load in place (one listener for them all). */
export function enableLoadMore(): void {
  document.addEventListener('click', (event) => {
    const link =
      event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-load-more]') : null;
    if (
      !link ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    if (link.getAttribute('aria-disabled') !== 'true') void loadMore(link);
  });
}
