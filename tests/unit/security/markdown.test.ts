import { describe, expect, it } from 'vitest';
import { renderMarkdown, withoutLeadingTitle } from '../../../src/security/markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, lists and links', () => {
    const html = renderMarkdown('## Your account\n\n- one\n- two\n\n[Shelfmark](https://shelfmark.example)');
    expect(html).toContain('<h2>Your account</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="https://shelfmark.example">Shelfmark</a>');
  });

  it('turns a top-level heading into h2 so the page keeps one h1', () => {
    expect(renderMarkdown('# Terms').trim()).toBe('<h2>Terms</h2>');
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))',
    );
    expect(html).not.toMatch(/script|onerror|javascript:/i);
  });
});

describe('withoutLeadingTitle', () => {
  it('drops a first heading equal to the title', () => {
    expect(withoutLeadingTitle('# Terms and Conditions\n\nWelcome.', 'Terms and Conditions')).toBe(
      '\nWelcome.',
    );
  });

  it('keeps other headings and text', () => {
    expect(withoutLeadingTitle('## 1. Your account\nText', 'Terms and Conditions')).toBe(
      '## 1. Your account\nText',
    );
    expect(withoutLeadingTitle('Intro\n# Terms and Conditions', 'Terms and Conditions')).toBe(
      'Intro\n# Terms and Conditions',
    );
  });
});
