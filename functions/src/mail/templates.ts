// The emails Shelfmark sends to members. Plain and friendly: every email has a
// text body and the same words as minimal HTML, with links written out in full
// so they survive clients that strip markup.
import type { Mail } from './send-mail';

/** An email before it is addressed. */
export type MailContent = Omit<Mail, 'to'>;

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Wraps paragraphs (already escaped HTML) in a bare, readable page. */
function htmlPage(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5; color: #1f2937;">\n${body}\n</body></html>`;
}

function htmlLink(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
}

/** The email that asks a new member to confirm their address. */
export function verificationEmail(displayName: string, link: string): MailContent {
  return {
    subject: 'Verify your email for Shelfmark',
    text: [
      `Hello ${displayName},`,
      'Thank you for joining Shelfmark! Please confirm your email address by opening this link:',
      link,
      'An administrator will review your account; we will email you again once it is approved.',
      'If you did not sign up for Shelfmark, you can ignore this email.',
      'The Shelfmark team',
    ].join('\n\n'),
    html: htmlPage([
      `Hello ${escapeHtml(displayName)},`,
      'Thank you for joining Shelfmark! Please confirm your email address:',
      htmlLink(link, 'Verify my email address'),
      `Or copy this link into your browser: ${escapeHtml(link)}`,
      'An administrator will review your account; we will email you again once it is approved.',
      'If you did not sign up for Shelfmark, you can ignore this email.',
      'The Shelfmark team',
    ]),
  };
}

/** The email telling a member an administrator approved their account. */
export function approvedEmail(displayName: string, loginUrl: string): MailContent {
  return {
    subject: 'Your Shelfmark account has been approved',
    text: [
      `Hello ${displayName},`,
      'Good news: an administrator has approved your Shelfmark account. You can now log in and set up your page:',
      loginUrl,
      'Welcome to the community!',
      'The Shelfmark team',
    ].join('\n\n'),
    html: htmlPage([
      `Hello ${escapeHtml(displayName)},`,
      'Good news: an administrator has approved your Shelfmark account. You can now log in and set up your page.',
      htmlLink(loginUrl, 'Log in to Shelfmark'),
      'Welcome to the community!',
      'The Shelfmark team',
    ]),
  };
}

/** The email telling a member their account request was not approved. */
export function deniedEmail(displayName: string): MailContent {
  return {
    subject: 'About your Shelfmark account request',
    text: [
      `Hello ${displayName},`,
      'Thank you for your interest in Shelfmark. After reviewing your account request, an administrator was not able to approve it.',
      'If you think this is a mistake, please get in touch through the Shelfmark website and we will take another look.',
      'Kind regards,',
      'The Shelfmark team',
    ].join('\n\n'),
    html: htmlPage([
      `Hello ${escapeHtml(displayName)},`,
      'Thank you for your interest in Shelfmark. After reviewing your account request, an administrator was not able to approve it.',
      'If you think this is a mistake, please get in touch through the Shelfmark website and we will take another look.',
      'Kind regards,<br>The Shelfmark team',
    ]),
  };
}
