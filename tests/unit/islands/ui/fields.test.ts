// The field kit's AreaField (a labelled text area with its error, optionally
// announced at once) and SubmitButton (disabled and saying so while busy or waiting).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AreaField, SubmitButton } from '../../../../src/islands/ui/fields';

describe('AreaField', () => {
  it('labels the text area and adds its classes to the input look', () => {
    const html = renderToStaticMarkup(
      createElement(AreaField, {
        id: 'legal-terms-content',
        label: 'Content (Markdown)',
        className: 'font-mono',
      }),
    );
    expect(html).toContain('<label for="legal-terms-content"');
    expect(html).toContain('>Content (Markdown)</label>');
    expect(html).toMatch(/<textarea id="legal-terms-content" class="[^"]* font-mono"><\/textarea>/);
    expect(html).not.toContain('aria-invalid');
  });

  it('ties the error to the text area, as an alert only when asked', () => {
    const quiet = renderToStaticMarkup(
      createElement(AreaField, { id: 'c', label: 'Content', error: 'Content is required' }),
    );
    expect(quiet).toContain('aria-invalid="true" aria-describedby="c-error"');
    expect(quiet).toContain(
      '<p id="c-error" class="mt-1 text-sm font-semibold text-red-700">Content is required</p>',
    );
    const loud = renderToStaticMarkup(
      createElement(AreaField, { id: 'c', label: 'Content', error: 'Bad JSON.', alertError: true }),
    );
    expect(loud).toContain('<p id="c-error" role="alert"');
  });
});

describe('SubmitButton', () => {
  const render = (props: { busy: boolean; busyLabel?: string; waitingLabel?: string; wide?: boolean }) =>
    renderToStaticMarkup(createElement(SubmitButton, { ...props, children: 'Add Banner' }));

  it('says its label and submits when idle', () => {
    expect(render({ busy: false })).toBe('<button type="submit" class="btn btn-primary">Add Banner</button>');
  });

  it('is disabled and says the busy label while the form submits', () => {
    expect(render({ busy: true })).toBe(
      '<button type="submit" class="btn btn-primary" disabled="">Saving…</button>',
    );
    expect(render({ busy: true, busyLabel: 'Adding…', waitingLabel: 'Uploading image…' })).toContain(
      'disabled="">Adding…<',
    );
  });

  it('is disabled and says why while it waits', () => {
    expect(render({ busy: false, waitingLabel: 'Uploading image…' })).toContain(
      'disabled="">Uploading image…<',
    );
  });

  it('spans the form when wide', () => {
    expect(render({ busy: false, wide: true })).toBe(
      '<button type="submit" class="btn btn-primary w-full">Add Banner</button>',
    );
  });
});

describe('an error naming a page to go to', () => {
  it('links the catalogue author page the ISBN refusal offers to claim', () => {
    const html = renderToStaticMarkup(
      createElement(AreaField, {
        id: 'isbn',
        label: 'ISBN',
        error:
          'This ISBN belongs to “Walden”. Claim it: open /authors/henry-david-thoreau and choose “Claim this author page”.',
      }),
    );
    expect(html).toContain(
      'open <a href="/authors/henry-david-thoreau" class="underline">/authors/henry-david-thoreau</a> and choose',
    );
  });

  it('leaves an error without one as plain text', () => {
    const html = renderToStaticMarkup(
      createElement(AreaField, { id: 'c', label: 'Content', error: 'Content is required' }),
    );
    expect(html).not.toContain('<a ');
  });
});
