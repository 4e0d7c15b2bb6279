// Markdown → safe HTML for stored content (legal documents: the pages, and the
// admin's preview rendered by functions/src/admin/content.ts). Admins write it, but
// a stolen admin session must not be able to plant scripts on public pages, so
// the HTML is sanitised to a small allow-list after rendering.
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const ALLOWED = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'blockquote',
    'hr',
    'br',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // A stored '# Title' would compete with the page's own h1.
  transformTags: { h1: 'h2' },
} satisfies sanitizeHtml.IOptions;

/** Renders Markdown to sanitised HTML (headings start at h2; no scripts, styles or event handlers). */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, ALLOWED);
}

/**
 * Drops a first Markdown heading that repeats the page title: stored legal texts
 * often start with their own title, which the page already shows as its h1.
 */
export function withoutLeadingTitle(markdown: string, title: string): string {
  const match = /^\s*#{1,3}[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|$)/.exec(markdown);
  if (!match || match[1]?.trim().toLowerCase() !== title.trim().toLowerCase()) return markdown;
  return markdown.slice(match[0].length);
}
