import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/lib/markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, lists and links', () => {
    const html = renderMarkdown('## Your account\n\n- one\n- two\n\n[Shelfmark](https://shelfmark.example)');
    expect(html).toContain('<h2>Your account</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="https://shelfmark.example">Shelfmark</a>');
  });

  it('turns a top-level heading into h2 so the page keeps one h1', () => {
    expect(renderMarkdown('# Terms')).toBe('<h2>Terms</h2>');
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))');
    expect(html).not.toMatch(/script|onerror|javascript:/i);
  });
});
