// @vitest-environment jsdom
// The live patch of the home page's holiday promotion card: it appears, naming the
// code, when an admin sets one, follows a new code, and leaves when the code is cleared.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/data/client/home/live-home.ts', () => ({
  watchSiteSettings: () => () => {},
  watchFeaturedBooks: () => () => {},
}));
const { applyPromotion } = await import('../../../../src/islands/home/patch-home');

// The markup of EventsCard.astro without a code, and LiveRefresh.astro's template of PromotionCard.astro.
const PAGE = `
<div data-live="events"><div><h3>Virtual Author Meetup</h3></div></div>
<template data-live-template="promotion"><div data-live="promotion"><h3>Use code <code data-promotion-code></code> at checkout</h3></div></template>`;

const cards = () => document.querySelectorAll('[data-live="events"] [data-live="promotion"]');
const title = () => cards()[0]?.querySelector('h3')?.textContent;

beforeEach(() => {
  document.body.innerHTML = PAGE;
});

describe('applyPromotion', () => {
  it('adds one card naming the code when a code is set', () => {
    applyPromotion('HOLIDAY50');
    expect(cards()).toHaveLength(1);
    expect(title()).toBe('Use code HOLIDAY50 at checkout');
    applyPromotion('HOLIDAY50');
    expect(cards()).toHaveLength(1);
  });

  it('names a new code in the same card', () => {
    applyPromotion('HOLIDAY50');
    applyPromotion('WINTER10');
    expect(cards()).toHaveLength(1);
    expect(title()).toBe('Use code WINTER10 at checkout');
  });

  it('removes the card when the code is cleared, and adds none while there is no code', () => {
    applyPromotion(null);
    expect(cards()).toHaveLength(0);
    applyPromotion('HOLIDAY50');
    applyPromotion(null);
    expect(cards()).toHaveLength(0);
    expect(document.querySelector('[data-live="events"]')!.textContent).toContain('Virtual Author Meetup');
  });
});
