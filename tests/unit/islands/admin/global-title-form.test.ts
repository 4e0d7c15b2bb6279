// @vitest-environment jsdom
// Book Management's global free-preview title: the stored title in a labelled field, an
// empty one refused inline with nothing sent, a saved one trimmed with the count of books
// that follow it, and the spec's failure toast when the save is refused.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { typeAndSubmit, useMounted } from '../../helpers/render';

const api = vi.hoisted(() => ({ adminSiteSettings: vi.fn(), loadSiteSettings: vi.fn() }));
vi.mock('../../../../src/data/client/admin/admin-site-settings.ts', () => api);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { GlobalTitleForm } = await import('../../../../src/islands/admin/FeaturedBooks');

const show = useMounted();
const input = () => document.querySelector<HTMLInputElement>('#global-free-preview-title')!;

describe('GlobalTitleForm', () => {
  it('shows the stored title in a labelled field', async () => {
    await show(createElement(GlobalTitleForm, { initialTitle: 'Read a Sample' }));
    expect(document.querySelector('label[for="global-free-preview-title"]')!.textContent).toContain(
      'Global free-preview section title',
    );
    expect(input().value).toBe('Read a Sample');
  });

  it('refuses an empty title inline and sends nothing', async () => {
    api.adminSiteSettings.mockReset();
    await show(createElement(GlobalTitleForm, { initialTitle: 'Read a Sample' }));
    await typeAndSubmit(input(), '   ');
    expect(document.querySelector('#global-free-preview-title-error')!.textContent).toBe('Title is required');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(api.adminSiteSettings).not.toHaveBeenCalled();
  });

  it('saves the title trimmed and says how many books follow it', async () => {
    api.adminSiteSettings.mockReset().mockResolvedValue({ ok: true, data: { updatedBooks: 4 } });
    showToast.mockReset();
    await show(createElement(GlobalTitleForm, { initialTitle: 'Read a Sample' }));
    await typeAndSubmit(input(), '  First Chapters  ');
    expect(api.adminSiteSettings).toHaveBeenCalledWith({
      action: 'set-free-preview-title',
      title: 'First Chapters',
    });
    expect(showToast).toHaveBeenCalledWith({
      title: 'Success',
      description: 'Global title updated (4 books follow it).',
    });
    expect(document.querySelector('#global-free-preview-title-error')).toBeNull();
  });

  it('shows the failure toast when the save is refused, keeping what was typed', async () => {
    api.adminSiteSettings
      .mockReset()
      .mockResolvedValue({ ok: false, message: 'denied', code: 'permission-denied' });
    showToast.mockReset();
    await show(createElement(GlobalTitleForm, { initialTitle: 'Read a Sample' }));
    await typeAndSubmit(input(), 'First Chapters');
    expect(showToast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Failed to update global title.',
      variant: 'destructive',
    });
    expect(input().value).toBe('First Chapters');
  });
});
