// @vitest-environment jsdom
// The dashboard's Classified Ads: every ad with its seller and state, and the
// admin's Active switch (Radix Switch: a labelled, focusable button with the
// switch role, so Space and Enter flip it). Flipping it saves at once through
// setAdActive, disabled, busy and "Saving…" until the answer; success toasts and
// shows the ad as inactive (no public link); a refusal or a failure puts the
// switch back, says so beside it and toasts.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AD_ACTIVE_TEXT } from '../../../../src/domain/market/classified-detail';
import type { AdminAdItem } from '../../../../src/data/client/admin/admin-ads';
import { deferred, settle, useMounted } from '../../helpers/render';

const api = vi.hoisted(() => ({ listAdminAds: vi.fn(), setAdActive: vi.fn() }));
vi.mock('../../../../src/data/client/admin/admin-ads.ts', () => api);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: ClassifiedAds } = await import('../../../../src/islands/admin/ClassifiedAds');

function ad(n: number, extra: Partial<AdminAdItem> = {}): AdminAdItem {
  return {
    id: `ad${n}`,
    title: `Oak stand ${n}`,
    sellerUid: `seller${n}`,
    sellerName: `Seller ${n}`,
    is_active: true,
    is_featured: false,
    moderation_hidden: false,
    created_at: new Date('2026-01-05T10:00:00Z'),
    ...extra,
  };
}

const show = useMounted();
afterEach(() => {
  api.listAdminAds.mockReset();
  api.setAdActive.mockReset();
  showToast.mockReset();
});

const row = (id: string) => document.querySelector<HTMLElement>(`[data-admin-ad="${id}"]`)!;
const switchOf = (id: string) => row(id).querySelector<HTMLButtonElement>('[role="switch"]')!;
const ok = (id: string) => ({ ok: true, data: { id, updated_at: '2026-02-01T10:00:00.000Z' } });

async function shown(ads: AdminAdItem[]) {
  api.listAdminAds.mockResolvedValueOnce({ items: ads, next: null });
  await show(createElement(ClassifiedAds));
  await settle();
}

describe('ClassifiedAds', () => {
  it('lists every ad with its seller and state; a shown ad links to its page, a hidden one does not', async () => {
    await shown([
      ad(1, { is_featured: true }),
      ad(2, { is_active: false }),
      ad(3, { moderation_hidden: true, sellerName: '' }),
    ]);
    expect(api.listAdminAds).toHaveBeenCalledWith(null);
    expect(row('ad1').querySelector('a[href="/classifieds/ad1"]')!.textContent).toBe('Oak stand 1');
    expect(row('ad1').textContent).toContain('Seller 1');
    expect(row('ad1').textContent).toContain('Featured');
    expect(row('ad2').querySelector('a')).toBeNull();
    expect(row('ad2').textContent).toContain('Inactive');
    expect(row('ad3').querySelector('a')).toBeNull();
    expect(row('ad3').textContent).toContain('Hidden by a moderator');
    expect(row('ad3').textContent).toContain('seller3');
    expect(switchOf('ad1').getAttribute('aria-checked')).toBe('true');
    expect(switchOf('ad2').getAttribute('aria-checked')).toBe('false');
  });

  it('the switch is a focusable button with the switch role, labelled with the ad and described by the hint', async () => {
    await shown([ad(1)]);
    const control = switchOf('ad1');
    expect(control.tagName).toBe('BUTTON');
    expect(control.disabled).toBe(false);
    expect(control.getAttribute('tabindex')).not.toBe('-1');
    expect(control.labels?.[0]?.textContent).toBe('Active: Oak stand 1');
    const hint = document.getElementById(control.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe(AD_ACTIVE_TEXT.hint);
  });

  it('switching an ad off saves it at once, busy until the answer, then shows it inactive and toasts', async () => {
    await shown([ad(1)]);
    const answer = deferred<ReturnType<typeof ok>>();
    api.setAdActive.mockReturnValueOnce(answer.promise);
    await settle(() => switchOf('ad1').click());

    expect(api.setAdActive).toHaveBeenCalledWith('ad1', false);
    expect(switchOf('ad1').disabled).toBe(true);
    expect(switchOf('ad1').getAttribute('aria-busy')).toBe('true');
    expect(switchOf('ad1').getAttribute('aria-checked')).toBe('false');
    expect(row('ad1').querySelector('[role="status"]')!.textContent).toBe(AD_ACTIVE_TEXT.saving);

    await settle(() => answer.resolve(ok('ad1')));
    expect(switchOf('ad1').disabled).toBe(false);
    expect(switchOf('ad1').hasAttribute('aria-busy')).toBe(false);
    expect(switchOf('ad1').getAttribute('aria-checked')).toBe('false');
    expect(row('ad1').querySelector('[role="status"]')!.textContent).toBe('');
    expect(row('ad1').textContent).toContain('Inactive');
    expect(row('ad1').querySelector('a')).toBeNull();
    expect(showToast).toHaveBeenCalledWith({
      title: 'Success',
      description: AD_ACTIVE_TEXT.off('Oak stand 1'),
    });

    // And on again.
    api.setAdActive.mockResolvedValueOnce(ok('ad1'));
    await settle(() => switchOf('ad1').click());
    await settle();
    expect(api.setAdActive).toHaveBeenLastCalledWith('ad1', true);
    expect(switchOf('ad1').getAttribute('aria-checked')).toBe('true');
    expect(row('ad1').querySelector('a[href="/classifieds/ad1"]')).not.toBeNull();
    expect(showToast).toHaveBeenLastCalledWith({
      title: 'Success',
      description: AD_ACTIVE_TEXT.on('Oak stand 1'),
    });
  });

  it('a refusal puts the switch back and says why beside it, announced, with an error toast', async () => {
    await shown([ad(1)]);
    api.setAdActive.mockResolvedValueOnce({
      ok: false,
      code: 'permission-denied',
      message: 'Insufficient permissions to edit this item',
    });
    await settle(() => switchOf('ad1').click());
    await settle();
    expect(switchOf('ad1').getAttribute('aria-checked')).toBe('true');
    expect(switchOf('ad1').disabled).toBe(false);
    const alert = row('ad1').querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('Insufficient permissions to edit this item');
    expect(switchOf('ad1').getAttribute('aria-describedby')).toContain(alert.id);
    expect(row('ad1').textContent).not.toContain('Inactive');
    expect(showToast).toHaveBeenCalledWith({
      title: 'Error',
      description: AD_ACTIVE_TEXT.failed,
      variant: 'destructive',
    });
  });

  it('a call that throws is a failure too; the next success clears the error', async () => {
    await shown([ad(1)]);
    api.setAdActive.mockRejectedValueOnce(new Error('offline'));
    await settle(() => switchOf('ad1').click());
    await settle();
    expect(row('ad1').querySelector('[role="alert"]')!.textContent).toBe(AD_ACTIVE_TEXT.failed);
    expect(switchOf('ad1').getAttribute('aria-checked')).toBe('true');
    api.setAdActive.mockResolvedValueOnce(ok('ad1'));
    await settle(() => switchOf('ad1').click());
    await settle();
    expect(row('ad1').querySelector('[role="alert"]')).toBeNull();
    expect(switchOf('ad1').getAttribute('aria-checked')).toBe('false');
  });

  it('says when the ads cannot be loaded', async () => {
    api.listAdminAds.mockRejectedValueOnce(new Error('denied'));
    await show(createElement(ClassifiedAds));
    await settle();
    expect(document.body.textContent).toContain('Failed to load classified ads.');
  });

  it('says when there are no ads', async () => {
    await shown([]);
    expect(document.body.textContent).toContain('No classified ads yet.');
  });
});
