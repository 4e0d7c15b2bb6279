// @vitest-environment jsdom
// Site Settings' update limits: the stored numbers (or the defaults) in labelled
// fields, an out-of-range number refused inline with nothing sent, a valid pair
// saved through adminSiteSettings as whole numbers.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { typeAndSubmit, useMounted } from '../../helpers/render';

const api = vi.hoisted(() => ({ adminSiteSettings: vi.fn(), loadSiteSettings: vi.fn() }));
vi.mock('../../../../src/data/client/admin/admin-site-settings.ts', () => api);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: UpdateLimitsForm } = await import('../../../../src/islands/admin/UpdateLimitsForm');

const show = useMounted();
const free = () => document.querySelector<HTMLInputElement>('#ss-updates-free')!;
const premium = () => document.querySelector<HTMLInputElement>('#ss-updates-premium')!;

describe('UpdateLimitsForm', () => {
  it('shows the defaults when nothing is stored', async () => {
    await show(createElement(UpdateLimitsForm, { stored: null }));
    expect([free().value, premium().value]).toEqual(['4', '1']);
  });

  it('shows the stored numbers', async () => {
    await show(
      createElement(UpdateLimitsForm, {
        stored: { id: 'main', author_update_limits: { free_per_30_days: 0, premium_per_day: 3 } } as never,
      }),
    );
    expect([free().value, premium().value]).toEqual(['0', '3']);
  });

  it('refuses a number out of range inline and sends nothing', async () => {
    api.adminSiteSettings.mockReset();
    await show(createElement(UpdateLimitsForm, { stored: null }));
    await typeAndSubmit(premium(), '9');
    expect(document.querySelector('#ss-updates-premium-error')!.textContent).toBe(
      'Enter a whole number from 1 to 5',
    );
    expect(api.adminSiteSettings).not.toHaveBeenCalled();
  });

  it('saves both limits as whole numbers', async () => {
    api.adminSiteSettings.mockReset().mockResolvedValue({ ok: true, data: { saved: true } });
    await show(createElement(UpdateLimitsForm, { stored: null }));
    await typeAndSubmit(free(), '2');
    expect(api.adminSiteSettings).toHaveBeenCalledWith({
      action: 'save-settings',
      settings: { author_update_limits: { free_per_30_days: 2, premium_per_day: 1 } },
    });
  });
});
