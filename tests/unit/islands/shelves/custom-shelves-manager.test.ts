// @vitest-environment jsdom
// Managing one's own shelves on the profile: an empty name is refused at the
// field and nothing is sent; a valid one is sent to editCustomShelf and the
// shelves it answers are shown; a name the server refuses shows at the field;
// Move up sends the move and shows the new order; the empty state says so.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOM_SHELF_MESSAGES } from '../../../../src/domain/shelves/custom-shelf';
import { settle, typeAndSubmit, useMounted } from '../../helpers/render';

const shelves = await vi.hoisted(async () =>
  (await import('../../helpers/client-mocks')).customShelvesClient(),
);
vi.mock('../../../../src/data/client/shelves/custom-shelves.ts', () => shelves);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: CustomShelvesManager } =
  await import('../../../../src/islands/shelves/CustomShelvesManager');

const show = useMounted();
afterEach(() => {
  Object.values(shelves).forEach((fn) => fn.mockReset());
  showToast.mockReset();
});

const shelf = (id: string, name: string, position: number) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  position,
  book_count: 2,
});

async function showManager(list: ReturnType<typeof shelf>[]) {
  shelves.getOwnCustomShelves.mockResolvedValue(list);
  await show(createElement(CustomShelvesManager, { uid: 'u1', profileSlug: 'pia' }));
  await settle();
}
const nameInput = () => document.querySelector<HTMLInputElement>('#new-shelf-name')!;
const rowNames = () => [...document.querySelectorAll('[data-custom-shelf-row] a')].map((a) => a.textContent);

describe('CustomShelvesManager', () => {
  it('says when there are no shelves yet, and refuses an empty name at the field', async () => {
    await showManager([]);
    expect(document.body.textContent).toContain('No shelves of your own yet.');
    await typeAndSubmit(nameInput(), '   ');
    expect(document.body.textContent).toContain(CUSTOM_SHELF_MESSAGES.nameRequired);
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(shelves.editCustomShelf).not.toHaveBeenCalled();
  });

  it('creates a shelf and shows the shelves the server answers, each linking to its page', async () => {
    await showManager([]);
    shelves.editCustomShelf.mockResolvedValue({
      ok: true,
      data: { shelves: [shelf('s1', 'Beach reads', 0)] },
    });
    await typeAndSubmit(nameInput(), 'Beach reads');
    expect(shelves.editCustomShelf).toHaveBeenCalledWith({ action: 'create', name: 'Beach reads' });
    expect(rowNames()).toEqual(['Beach reads']);
    expect(document.querySelector('[data-custom-shelf-row] a')?.getAttribute('href')).toBe(
      '/profile/pia/shelves/beach-reads',
    );
    expect(showToast).toHaveBeenCalledWith({ title: 'Created the shelf ‘Beach reads’' });
  });

  it('shows a name the server refuses at the field', async () => {
    await showManager([shelf('s1', 'Owned', 0)]);
    shelves.editCustomShelf.mockResolvedValue({
      ok: false,
      code: 'already-exists',
      message: CUSTOM_SHELF_MESSAGES.duplicate,
    });
    await typeAndSubmit(nameInput(), 'owned');
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain(CUSTOM_SHELF_MESSAGES.duplicate);
  });

  it('moves a shelf up with its button, the first one’s Up being disabled', async () => {
    await showManager([shelf('s1', 'Owned', 0), shelf('s2', 'Beach', 1)]);
    const up = (name: string) =>
      document.querySelector<HTMLButtonElement>(`button[aria-label="Move ${name} up"]`)!;
    expect(up('Owned').disabled).toBe(true);
    shelves.editCustomShelf.mockResolvedValue({
      ok: true,
      data: { shelves: [shelf('s2', 'Beach', 0), shelf('s1', 'Owned', 1)] },
    });
    await settle(() => up('Beach').click());
    expect(shelves.editCustomShelf).toHaveBeenCalledWith({ action: 'move', shelfId: 's2', direction: 'up' });
    expect(rowNames()).toEqual(['Beach', 'Owned']);
  });
});
