// @vitest-environment jsdom
// The librarians' merge form: a typed book that is not an id or a book page's address is
// refused at its field before any call; Merge asks first (naming both books), then
// merges the two ids read from what was typed and says what moved in a toast; a
// refusal (a listed book) is said at the duplicate's field, and nothing else happens.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURATION_MESSAGES, noCounts } from '../../../../src/domain/admin/catalogue-curation';
import { settle, useMounted } from '../../helpers/render';

const api = vi.hoisted(() => ({ mergeBooks: vi.fn() }));
vi.mock('../../../../src/data/client/admin/catalogue-curation.ts', () => api);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: MergeBooksForm } = await import('../../../../src/islands/admin/MergeBooksForm');

const show = useMounted();
afterEach(() => {
  api.mergeBooks.mockReset();
  showToast.mockReset();
});

const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`)!;
const form = () => document.querySelector<HTMLFormElement>('form[aria-label="Merge duplicate books"]')!;
const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent === name)!;

async function type(target: HTMLInputElement, text: string) {
  await settle(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(target, text);
    target.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit(keep: string, duplicate: string) {
  await type(input('merge-keep'), keep);
  await type(input('merge-duplicate'), duplicate);
  await settle(() => form().requestSubmit());
  await settle();
}

describe('MergeBooksForm', () => {
  it('refuses what names no book at its field, without calling', async () => {
    await show(createElement(MergeBooksForm));
    await submit('keep1', 'https://shelfmark.example/authors/jane');
    expect(document.querySelector('#merge-duplicate-error')!.textContent).toBe(CURATION_MESSAGES.notABook);
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(api.mergeBooks).not.toHaveBeenCalled();
  });

  it('asks first, then merges the two books and says what moved', async () => {
    api.mergeBooks.mockResolvedValueOnce({
      ok: true,
      data: {
        keptId: 'keep1',
        mergedId: 'dupe1',
        alreadyMerged: false,
        counts: { ...noCounts(), shelves: 3 },
      },
    });
    await show(createElement(MergeBooksForm));
    await submit(' keep1 ', 'http://localhost:4321/book/dupe1');
    const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Merge these books?');
    expect(dialog.textContent).toContain('dupe1');
    expect(api.mergeBooks).not.toHaveBeenCalled();
    await settle(() => button(dialog, 'Merge books').click());
    await settle();
    expect(api.mergeBooks).toHaveBeenCalledWith('keep1', 'dupe1');
    expect(showToast).toHaveBeenCalledWith({
      title: 'Success',
      description: expect.stringContaining('3 shelf entries'),
    });
  });

  it('shows a refusal at the duplicate’s field', async () => {
    api.mergeBooks.mockResolvedValueOnce({
      ok: false,
      code: 'failed-precondition',
      message: CURATION_MESSAGES.listedBook,
    });
    await show(createElement(MergeBooksForm));
    await submit('keep1', 'listed1');
    await settle(() => button(document.querySelector('[role="alertdialog"]')!, 'Merge books').click());
    await settle();
    expect(document.querySelector('#merge-duplicate-error')!.textContent).toBe(CURATION_MESSAGES.listedBook);
    expect(showToast).not.toHaveBeenCalled();
  });
});
