// Escaping text for the markup the site and the functions write by hand: HTML
// (pages, mails, EPUB's XHTML) and XML (feeds, the sitemap). One home, so a
// character added to one escape is added to every document.

/** Escapes the five characters that matter in HTML text and attribute values (also valid XHTML). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Drops characters XML 1.0 forbids (control characters other than tab and line breaks), which would make the file unreadable. */
export function xmlSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

/** Escapes text for XML element content and attribute values; drops characters XML 1.0 forbids. */
export function xmlEscape(text: string): string {
  return xmlSafe(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
