// The header search box's suggestions (the ARIA 1.2 combobox pattern with a
// listbox popup): as the visitor types, after a pause, the first results of
// GET /api/search/suggest are listed under the field. Arrow keys move through
// them (the field keeps focus; aria-activedescendant names the current one),
// Enter opens the current one or, with none, sends the form to /search, Escape
// closes the list. Plain DOM, no framework: it loads on the field's first focus.
import {
  SEARCH_KIND_NAMES,
  searchSuggestionsSchema,
  SUGGEST_MIN_LENGTH,
  type SearchSuggestion,
} from '../domain/search/search-page.ts';

/** Pause after the last key before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;

/** What the box needs from the page: fetching and navigation (tests pass their own). */
export interface ComboboxDeps {
  fetch: (url: string, init: { signal: AbortSignal }) => Promise<Response>;
  navigate: (url: string) => void;
  debounceMs?: number;
}

const defaultDeps: ComboboxDeps = {
  fetch: (url, init) => fetch(url, { ...init, headers: { Accept: 'application/json' } }),
  navigate: (url) => window.location.assign(url),
};

/**
 * Turns the search form's field into a combobox: `form` holds an input[name=q],
 * a [data-search-listbox] list and a [data-search-status] live region. Returns
 * a function that removes the listeners.
 */
export function enhanceSearchBox(form: HTMLFormElement, deps: ComboboxDeps = defaultDeps): () => void {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  const list = form.querySelector<HTMLUListElement>('[data-search-listbox]');
  const status = form.querySelector<HTMLElement>('[data-search-status]');
  if (!input || !list || !status) return () => {};
  const doc = form.ownerDocument;
  const debounceMs = deps.debounceMs ?? SUGGEST_DEBOUNCE_MS;

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Suggestions');

  let suggestions: SearchSuggestion[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request: AbortController | null = null;
  let asked = '';

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };

  const setActive = (index: number) => {
    const options = list.querySelectorAll<HTMLElement>('[role="option"]');
    options.forEach((option, i) => option.setAttribute('aria-selected', String(i === index)));
    active = index;
    if (index >= 0 && options[index]) {
      input.setAttribute('aria-activedescendant', options[index].id);
      options[index].scrollIntoView?.({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };

  const render = () => {
    list.replaceChildren();
    suggestions.forEach((suggestion, i) => {
      const option = doc.createElement('li');
      option.id = `${list.id}-${i}`;
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', 'false');
      option.dataset.url = suggestion.url;
      option.className =
        'cursor-pointer px-3 py-2 text-sm text-ink aria-selected:bg-accent-soft hover:bg-accent-soft';
      const title = doc.createElement('span');
      title.className = 'block';
      for (const segment of suggestion.title) {
        if (segment.match) {
          const mark = doc.createElement('mark');
          mark.className = 'rounded-sm bg-accent-soft px-0.5 text-ink';
          mark.textContent = segment.text;
          title.append(mark);
        } else title.append(doc.createTextNode(segment.text));
      }
      const kind = doc.createElement('span');
      kind.className = 'block text-xs text-ink-muted';
      kind.textContent = SEARCH_KIND_NAMES[suggestion.kind];
      option.append(title, kind);
      list.append(option);
    });
    const open = suggestions.length > 0;
    list.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    setActive(-1);
    status.textContent =
      asked === ''
        ? ''
        : open
          ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}; use the arrow keys to choose.`
          : 'No suggestions.';
  };

  const ask = async (text: string) => {
    request?.abort();
    if (text.length < SUGGEST_MIN_LENGTH) {
      asked = '';
      suggestions = [];
      render();
      return;
    }
    const controller = new AbortController();
    request = controller;
    try {
      const response = await deps.fetch(`/api/search/suggest?${new URLSearchParams({ q: text })}`, {
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`Suggestions answered ${response.status}`);
      const parsed = searchSuggestionsSchema.safeParse(await response.json());
      if (controller.signal.aborted) return;
      asked = text;
      suggestions = parsed.success ? parsed.data.suggestions : [];
      render();
    } catch {
      // No suggestions: the form still sends the search to the results page.
      if (controller.signal.aborted) return;
      asked = '';
      suggestions = [];
      render();
    }
  };

  const onInput = () => {
    clearTimeout(timer);
    const text = input.value.trim();
    timer = setTimeout(() => void ask(text), debounceMs);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      if (list.hidden) {
        list.hidden = false;
        input.setAttribute('aria-expanded', 'true');
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the field down to the first, past the last back to the field.
      const next = active + step;
      setActive(next >= count ? -1 : next < -1 ? count - 1 : next);
    } else if (event.key === 'Enter' && !list.hidden && active >= 0) {
      event.preventDefault();
      deps.navigate(suggestions[active]!.url);
    } else if (event.key === 'Escape' && !list.hidden) {
      event.preventDefault();
      close();
    }
  };

  // A press on an option keeps the focus in the field (no blur closes the list first).
  const onListPointerDown = (event: Event) => event.preventDefault();
  const onListClick = (event: Event) => {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (option?.dataset.url) deps.navigate(option.dataset.url);
  };
  const onBlur = () => close();

  input.addEventListener('input', onInput);
  input.addEventListener('keydown', onKeyDown);
  input.addEventListener('blur', onBlur);
  list.addEventListener('mousedown', onListPointerDown);
  list.addEventListener('click', onListClick);
  // What was typed before this script arrived is answered at once.
  if (input.value.trim() !== '') onInput();

  return () => {
    clearTimeout(timer);
    request?.abort();
    input.removeEventListener('input', onInput);
    input.removeEventListener('keydown', onKeyDown);
    input.removeEventListener('blur', onBlur);
    list.removeEventListener('mousedown', onListPointerDown);
    list.removeEventListener('click', onListClick);
  };
}
