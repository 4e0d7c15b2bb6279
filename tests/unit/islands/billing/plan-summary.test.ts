// @vitest-environment jsdom
// /account's Plan section after a failed payment: it says until when Premium lasts
// (or when it ended) and offers 'Manage subscription' to update the card, never
// 'Upgrade' (a checkout is refused while the subscription lives).
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import PlanSummary from '../../../../src/islands/billing/PlanSummary';
import type { AccountPlan } from '../../../../src/domain/billing/billing';
import { mount, type Mounted } from '../../helpers/render';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const plan = (overrides: Partial<AccountPlan>): AccountPlan => ({
  status: 'premium',
  source: 'paid',
  renews_at: null,
  ends_at: null,
  trial_ends_at: null,
  past_due_until: null,
  ...overrides,
});
const text = () => document.body.textContent ?? '';
const status = () => document.querySelector('[role="status"]')?.textContent ?? null;

describe('PlanSummary after a failed payment', () => {
  it('says until when Premium continues and offers to manage the subscription', async () => {
    mounted = await mount(
      createElement(PlanSummary, { plan: plan({ past_due_until: '2027-01-13T00:00:00.000Z' }), own: true }),
    );
    expect(status()).toBe(
      'Your last payment failed. Premium continues until January 13, 2027 while the payment is retried; update your card in Manage subscription to keep it.',
    );
    expect(text()).toContain('Manage subscription');
  });

  it('says when Premium ended, offers Manage subscription and no Upgrade', async () => {
    mounted = await mount(
      createElement(PlanSummary, {
        plan: plan({ status: 'free', source: null, past_due_until: '2027-01-13T00:00:00.000Z' }),
        own: true,
      }),
    );
    expect(status()).toBe(
      'Your last payment failed, so Premium ended on January 13, 2027. Update your card in Manage subscription to have it back.',
    );
    expect(text()).toContain('Manage subscription');
    expect(text()).not.toContain('Upgrade to Premium');
  });

  it('says nothing of payments when none failed', async () => {
    mounted = await mount(
      createElement(PlanSummary, { plan: plan({ status: 'free', source: null }), own: true }),
    );
    expect(status()).toBeNull();
    expect(text()).toContain('Upgrade to Premium');
  });
});
