// @vitest-environment jsdom
// Site Settings' Holiday Promotion section (the code, checked as the admin types it,
// saved upper case, empty for none) and the Early Access section, which shows one
// switch per shipped feature and none for a feature that has not shipped.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROMOTION_CODE_MESSAGE } from '../../../../src/domain/site/site-settings';
import { DEFAULT_EARLY_ACCESS, SHIPPED_FEATURES } from '../../../../src/domain/billing/early-access';
import { mount, settle, typeAndSubmit, type Mounted } from '../../helpers/render';

const saved = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock('../../../../src/islands/admin/save-site-settings.ts', () => ({
  saveSiteSettings: async (settings: unknown) => {
    saved.calls.push(settings);
    return true;
  },
}));

const { EarlyAccessForm, PromotionForm } =
  await import('../../../../src/islands/admin/PromotionAndEarlyAccess');

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  saved.calls.length = 0;
});

const input = () => document.querySelector<HTMLInputElement>('#ss-promotion_code')!;

describe('PromotionForm', () => {
  it('shows the stored code in a labelled field', async () => {
    mounted = await mount(
      createElement(PromotionForm, { stored: { id: 'main', promotion_code: 'HOLIDAY50' } as never }),
    );
    expect(document.querySelector('label[for="ss-promotion_code"]')!.textContent).toContain('Promotion Code');
    expect(input().value).toBe('HOLIDAY50');
  });

  it('refuses a code of another shape inline and saves nothing', async () => {
    mounted = await mount(createElement(PromotionForm, { stored: null }));
    await typeAndSubmit(input(), 'no spaces allowed');
    expect(document.querySelector('#ss-promotion_code-error')!.textContent).toBe(PROMOTION_CODE_MESSAGE);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(saved.calls).toEqual([]);
  });

  it('saves a code upper case, and an empty field as no promotion', async () => {
    mounted = await mount(createElement(PromotionForm, { stored: null }));
    await typeAndSubmit(input(), ' winter-10 ');
    expect(saved.calls).toEqual([{ promotion_code: 'WINTER-10' }]);
    expect(input().value).toBe('WINTER-10');
    await typeAndSubmit(input(), '');
    expect(saved.calls).toEqual([{ promotion_code: 'WINTER-10' }, { promotion_code: null }]);
  });
});

describe('EarlyAccessForm', () => {
  it('shows a switch with the three positions for each feature it is given, at the stored position', async () => {
    mounted = await mount(
      createElement(EarlyAccessForm, {
        stored: { id: 'main', early_access: { reviews: 'premium' } } as never,
        features: ['reviews'],
      }),
    );
    const select = document.querySelector<HTMLSelectElement>('#ss-early-access-early_access-reviews')!;
    expect(
      document.querySelector('label[for="ss-early-access-early_access-reviews"]')!.textContent,
    ).toContain('Reviews');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Off', 'Premium members', 'Everyone']);
    expect(select.value).toBe('premium');
    expect(document.querySelector('#ss-early-access-early_access-search')).toBeNull();
    await settle(() => document.querySelector('form')!.requestSubmit());
    await settle();
    // The switches not shown keep their position (missing ones are the default).
    expect(saved.calls).toEqual([{ early_access: { ...DEFAULT_EARLY_ACCESS, reviews: 'premium' } }]);
  });

  it('shows every wave-4 switch with the same control, says which ones follow Reviews, and saves a change', async () => {
    mounted = await mount(
      createElement(EarlyAccessForm, {
        stored: { id: 'main', early_access: { reviews: 'everyone' } } as never,
        features: SHIPPED_FEATURES,
      }),
    );
    const select = (feature: string) =>
      document.querySelector<HTMLSelectElement>(`#ss-early-access-early_access-${feature}`)!;
    const labels: Record<string, string> = {
      author_updates: 'Author updates',
      custom_shelves: 'Custom shelves',
      reading_journal: 'Reading progress and goals',
      reading_import: 'Import a reading history',
      reading_export: 'Export my reading',
      series: 'Series pages',
      preorders: 'Preorders',
    };
    for (const [feature, label] of Object.entries(labels)) {
      expect(
        document.querySelector(`label[for="ss-early-access-early_access-${feature}"]`)!.textContent,
      ).toContain(label);
      expect([...select(feature).options].map((o) => o.value)).toEqual(['off', 'premium', 'everyone']);
      // Nothing stored for it: the switch reads 'Everyone', as the feature worked before it had one.
      expect(select(feature).value).toBe('everyone');
      const hint = select(feature).getAttribute('aria-describedby');
      const described = hint ? document.getElementById(hint.split(' ')[0]!)?.textContent : undefined;
      if (['custom_shelves', 'reading_journal', 'reading_import'].includes(feature))
        expect(described).toBe('Built on Reviews: never more open than the Reviews switch.');
      else expect(described).toBeUndefined();
    }
    await settle(() => {
      select('series').value = 'off';
      select('series').dispatchEvent(new Event('change', { bubbles: true }));
      select('reading_journal').value = 'premium';
      select('reading_journal').dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle(() => document.querySelector('form')!.requestSubmit());
    await settle();
    expect(saved.calls).toEqual([
      { early_access: { ...DEFAULT_EARLY_ACCESS, series: 'off', reading_journal: 'premium' } },
    ]);
  });
});
