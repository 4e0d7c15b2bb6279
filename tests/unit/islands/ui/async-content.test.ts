// AsyncContent: one look for a load's loading, failed (with or without Try
// again) and empty messages, or the value rendered.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import AsyncContent from '../../../../src/islands/ui/AsyncContent';
import type { AsyncState } from '../../../../src/islands/ui/use-async';

const render = (state: AsyncState<string[]>, extra: { retry?: () => void; empty?: string } = {}) =>
  renderToStaticMarkup(
    createElement(AsyncContent<string[]>, {
      state,
      loading: 'Loading users…',
      failed: 'The users could not be loaded.',
      ...extra,
      children: (list) => createElement('ul', null, list.join(',')),
    }),
  );

describe('AsyncContent', () => {
  it('announces loading as a status', () => {
    expect(render({ status: 'loading' })).toBe('<p role="status" class="text-ink-muted">Loading users…</p>');
  });

  it('announces a failure as an alert, with Try again only when it can retry', () => {
    expect(render({ status: 'failed' })).toBe(
      '<p role="alert" class="font-semibold text-red-700">The users could not be loaded.</p>',
    );
    const html = render({ status: 'failed' }, { retry: () => {} });
    expect(html).toMatch(
      /^<div role="alert"[^>]*><p class="font-semibold text-red-700">The users could not be loaded.<\/p>/,
    );
    expect(html).toContain('<button type="button" class="btn btn-outline">Try again</button>');
  });

  it('shows the empty message for an empty list only when one is given', () => {
    expect(render({ status: 'ready', value: [] }, { empty: 'No users yet.' })).toBe(
      '<p class="text-ink-muted">No users yet.</p>',
    );
    expect(render({ status: 'ready', value: [] })).toBe('<ul></ul>');
    expect(render({ status: 'ready', value: ['a', 'b'] }, { empty: 'No users yet.' })).toBe('<ul>a,b</ul>');
  });
});
