// The server HTML of AsyncContent in each state of a load: loading and failed
// announced (with the hint under a failure when given), an empty list's message,
// and the value rendered.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import AsyncContent, { LoadFailed } from '../../../../src/islands/ui/AsyncContent';
import type { AsyncState } from '../../../../src/islands/ui/use-async';

function render(state: AsyncState<string[]>, extra: { failedHint?: ReactNode; empty?: ReactNode } = {}) {
  return renderToStaticMarkup(
    createElement(AsyncContent<string[]>, {
      state,
      loading: 'Loading the list…',
      failed: 'The list could not be loaded.',
      ...extra,
      children: (value) => createElement('ul', null, value.join(',')),
    }),
  );
}

describe('AsyncContent', () => {
  it('announces the load while it runs', () => {
    expect(render({ status: 'loading' })).toBe(
      '<p role="status" class="text-ink-muted">Loading the list…</p>',
    );
  });

  it('announces a failure in one paragraph when no hint is given', () => {
    expect(render({ status: 'failed' })).toBe(
      '<p role="alert" class="font-semibold text-red-700">The list could not be loaded.</p>',
    );
  });

  it('puts the hint under the failure, both inside the alert', () => {
    expect(render({ status: 'failed' }, { failedHint: 'Please reload the page in a moment.' })).toBe(
      '<div role="alert" class="space-y-2"><p class="font-semibold text-red-700">The list could not be loaded.</p>' +
        '<p>Please reload the page in a moment.</p></div>',
    );
  });

  it('shows the empty message for an empty list only when one is given', () => {
    expect(render({ status: 'ready', value: [] }, { empty: 'Nothing yet.' })).toBe(
      '<p class="text-ink-muted">Nothing yet.</p>',
    );
    expect(render({ status: 'ready', value: [] })).toBe('<ul></ul>');
  });

  it('renders the value', () => {
    expect(render({ status: 'ready', value: ['a', 'b'] })).toBe('<ul>a,b</ul>');
  });
});

describe('LoadFailed', () => {
  it('looks like the failure of a load, with or without a hint', () => {
    expect(renderToStaticMarkup(createElement(LoadFailed, { message: 'No profile.' }))).toBe(
      '<p role="alert" class="font-semibold text-red-700">No profile.</p>',
    );
    expect(renderToStaticMarkup(createElement(LoadFailed, { message: 'No profile.', hint: 'Reload.' }))).toBe(
      '<div role="alert" class="space-y-2"><p class="font-semibold text-red-700">No profile.</p><p>Reload.</p></div>',
    );
  });
});
