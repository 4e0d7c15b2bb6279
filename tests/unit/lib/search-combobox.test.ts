// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { enhanceSearchBox, type ComboboxDeps } from '../../../src/lib/search-combobox.ts';

function page() {
  document.body.innerHTML = `
    <form data-header-search action="/search">
      <label for="q">Search</label>
      <input id="q" name="q" />
      <ul id="header-search-list" hidden data-search-listbox></ul>
      <p data-search-status></p>
    </form>`;
  const form = document.querySelector('form')!;
  return { form, input: form.querySelector('input')!, list: form.querySelector('ul')! };
}

const answer = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

const kindred = {
  suggestions: [
    { title: [{ text: 'Kindred', match: true }], kind: 'book', url: '/book/kindred' },
    {
      title: [
        { text: '<b>Kin</b> ', match: false },
        { text: 'Kindness', match: true },
      ],
      kind: 'post',
      url: '/blog/kind',
    },
  ],
};

describe('the header search combobox', () => {
  let deps: {
    fetch: Mock<ComboboxDeps['fetch']>;
    navigate: Mock<ComboboxDeps['navigate']>;
    debounceMs: number;
  };
  beforeEach(() => {
    vi.useFakeTimers();
    deps = {
      fetch: vi.fn<ComboboxDeps['fetch']>(() => answer(kindred)),
      navigate: vi.fn<ComboboxDeps['navigate']>(),
      debounceMs: 200,
    };
  });
  afterEach(() => vi.useRealTimers());

  const type = async (input: HTMLInputElement, value: string) => {
    input.value = value;
    input.dispatchEvent(new Event('input'));
    await vi.advanceTimersByTimeAsync(200);
  };
  const key = (input: HTMLInputElement, name: string) =>
    input.dispatchEvent(new KeyboardEvent('keydown', { key: name, cancelable: true }));

  it('is a combobox controlling a listbox', () => {
    const { form, input, list } = page();
    enhanceSearchBox(form, deps);
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(list.getAttribute('role')).toBe('listbox');
  });

  it('asks once after the visitor pauses, and lists the suggestions with marked words as text', async () => {
    const { form, input, list } = page();
    enhanceSearchBox(form, deps);
    input.value = 'ki';
    input.dispatchEvent(new Event('input'));
    await type(input, 'kindr');
    expect(deps.fetch).toHaveBeenCalledTimes(1);
    expect(deps.fetch.mock.calls[0]![0]).toBe('/api/search/suggest?q=kindr');
    expect(list.hidden).toBe(false);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = list.querySelectorAll('[role="option"]');
    expect(options).toHaveLength(2);
    expect(options[0]!.querySelector('mark')!.textContent).toBe('Kindred');
    // Markup in a title stays text.
    expect(list.querySelector('b')).toBeNull();
    expect(options[1]!.textContent).toContain('<b>Kin</b>');
  });

  it('moves through the options with the arrow keys and opens the chosen one with Enter', async () => {
    const { form, input } = page();
    enhanceSearchBox(form, deps);
    await type(input, 'kindr');
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe('header-search-list-1');
    key(input, 'ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).toBe('header-search-list-0');
    expect(document.getElementById('header-search-list-0')!.getAttribute('aria-selected')).toBe('true');
    key(input, 'Enter');
    expect(deps.navigate).toHaveBeenCalledWith('/book/kindred');
  });

  it('lets Enter send the form when no option is chosen, and Escape closes the list', async () => {
    const { form, input, list } = page();
    enhanceSearchBox(form, deps);
    await type(input, 'kindr');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true });
    input.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(false);
    key(input, 'Escape');
    expect(list.hidden).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks nothing for fewer than two characters and shows nothing for a failed or malformed answer', async () => {
    const { form, input, list } = page();
    enhanceSearchBox(form, deps);
    await type(input, 'k');
    expect(deps.fetch).not.toHaveBeenCalled();
    deps.fetch.mockImplementationOnce(() => answer({ error: 'down' }, 503));
    await type(input, 'kindr');
    expect(list.hidden).toBe(true);
    deps.fetch.mockImplementationOnce(() =>
      answer({ suggestions: [{ title: 'x', kind: 'book', url: 'javascript:1' }] }),
    );
    await type(input, 'kindre');
    expect(list.hidden).toBe(true);
  });

  it('answers what was typed before the script loaded', async () => {
    const { form, input } = page();
    input.value = 'kindr';
    enhanceSearchBox(form, deps);
    await vi.advanceTimersByTimeAsync(200);
    expect(deps.fetch).toHaveBeenCalledTimes(1);
  });
});
