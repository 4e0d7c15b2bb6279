// @vitest-environment jsdom
// Site Settings' Holiday Promotion section (the code, checked as the admin types it,
// saved upper case, empty for none) and the Early Access section, which shows one
// switch per shipped feature and none for a feature that has not shipped.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROMOTION_CODE_MESSAGE } from '../../../../src/domain/site/site-settings';
import { mount, settle, typeAndSubmit, type Mounted } from '../ui/render';

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
    expect(saved.calls).toEqual([
      { early_access: { search: 'everyone', follows: 'everyone', reviews: 'premium' } },
    ]);
  });
});
