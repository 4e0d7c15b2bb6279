// @vitest-environment jsdom
// The Reports section's held updates and ads (a standing moderation decision): each
// kind listed with its count, each item's title and text as text; Release sends the
// optional reason with the kind and id, Reject needs a reason and asks first; a
// decided item leaves the list.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_ITEM_MESSAGES, type HeldItemEntry } from '../../../../src/domain/admin/admin-held-items';
import { settle, type Mounted, useMounted } from '../../helpers/render';

const api = vi.hoisted(() => ({ loadHeldItems: vi.fn(), decideHeldItem: vi.fn() }));
vi.mock('../../../../src/data/client/admin/admin-held-items.ts', () => api);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: HeldItems } = await import('../../../../src/islands/admin/HeldItems');

function entry(kind: 'update' | 'ad', n: number): HeldItemEntry {
  return {
    kind,
    id: `${kind}${n}`,
    uid: `u${n}`,
    title: `Title ${n} <b>not bold</b>`,
    excerpt: `Text ${n}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    heldUntil: '2026-12-20T10:00:00.000Z',
  };
}
const page = (items: HeldItemEntry[]) => ({ items, next: null, waiting: items.length });

let mounted: Mounted | undefined;
const show = useMounted();
afterEach(() => {
  api.loadHeldItems.mockReset();
  api.decideHeldItem.mockReset();
  showToast.mockReset();
  mounted = undefined;
});

const item = (id: string) => document.querySelector<HTMLElement>(`[data-held-item="${id}"]`);
const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent === name)!;
async function click(target: HTMLElement) {
  await settle(() => target.click());
  await settle();
}

describe('HeldItems', () => {
  it('lists held updates and ads with their counts; Release sends the kind and id; a decided item leaves', async () => {
    api.loadHeldItems.mockImplementation(async (kind: string) =>
      kind === 'update' ? page([entry('update', 1)]) : page([entry('ad', 2), entry('ad', 3)]),
    );
    api.decideHeldItem.mockResolvedValue({ ok: true, data: { decided: true } });
    mounted = await show(createElement(HeldItems));
    await settle();
    expect(api.loadHeldItems).toHaveBeenCalledWith('update', null);
    expect(api.loadHeldItems).toHaveBeenCalledWith('ad', null);
    expect(document.body.textContent).toContain('1 update is waiting for moderation.');
    expect(document.body.textContent).toContain('2 ads are waiting for moderation.');
    expect(item('update1')!.textContent).toContain('Title 1 <b>not bold</b>');
    expect(item('update1')!.querySelector('b')).toBeNull();

    api.loadHeldItems.mockImplementation(async (kind: string) =>
      kind === 'update' ? page([]) : page([entry('ad', 2), entry('ad', 3)]),
    );
    await click(button(item('update1')!, 'Release'));
    expect(api.decideHeldItem).toHaveBeenCalledWith({
      action: 'release',
      kind: 'update',
      id: 'update1',
      reason: '',
    });
    expect(showToast).toHaveBeenCalledWith({ title: 'Success', description: HELD_ITEM_MESSAGES.released });
    expect(item('update1')).toBeNull();
    expect(mounted).toBeDefined();
  });

  it('rejects only with a reason, after asking', async () => {
    api.loadHeldItems.mockImplementation(async (kind: string) =>
      kind === 'ad' ? page([entry('ad', 2)]) : page([]),
    );
    api.decideHeldItem.mockResolvedValue({ ok: true, data: { decided: true } });
    mounted = await show(createElement(HeldItems));
    await settle();
    await click(button(item('ad2')!, 'Reject'));
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(api.decideHeldItem).not.toHaveBeenCalled();

    const area = document.querySelector<HTMLTextAreaElement>('#held-ad-ad2-reason')!;
    await settle(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, 'Same spam');
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(button(item('ad2')!, 'Reject'));
    const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Reject this ad?');
    await click(button(dialog, 'Reject ad'));
    expect(api.decideHeldItem).toHaveBeenCalledWith({
      action: 'reject',
      kind: 'ad',
      id: 'ad2',
      reason: 'Same spam',
    });
  });
});
