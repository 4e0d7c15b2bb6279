/**
 * A newsletter as an email: the site's branding, the content rendered by the
 * same light-markup renderer as the pages (HTML part) and as plain text, a link
 * to the newsletter's page, and a one-click unsubscribe: a signed link in the
 * body plus List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058).
 */
import { EDITORIAL_BASE_PATHS } from '../../../src/domain/editorial/editorial';
import { escapeHtml } from '../../../src/domain/shared/escape';
import { lightMarkupToText, renderLightMarkup } from '../../../src/domain/shared/light-markup';
import type { Newsletter } from '../../../src/domain/editorial/newsletter';
import type { Mail } from '../mail/send-mail';
import { emulatorFunctionUrl, siteUrl } from '../mail/settings';
import { signUnsubscribe, type UnsubscribeSubject } from '../mail/unsubscribe-token';

/** The unsubscribe endpoint (the newsletterUnsubscribe function); NEWSLETTER_UNSUBSCRIBE_URL overrides the emulator default. */
export function unsubscribeEndpoint(): string {
  return process.env.NEWSLETTER_UNSUBSCRIBE_URL?.trim() || emulatorFunctionUrl('newsletterUnsubscribe');
}

/** The signed unsubscribe link of a member (by uid) or of a visitor subscriber: `?u=uid` or `?e=emailHash`, and `&s=` the signature. */
export function unsubscribeLink(who: string | UnsubscribeSubject): string {
  const subject: UnsubscribeSubject = typeof who === 'string' ? { kind: 'member', uid: who } : who;
  const url = new URL(unsubscribeEndpoint());
  if (subject.kind === 'member') url.searchParams.set('u', subject.uid);
  else url.searchParams.set('e', subject.emailHash);
  url.searchParams.set('s', signUnsubscribe(subject));
  return url.href;
}

/** Who gets one copy. */
export interface NewsletterRecipient {
  /**
   * The id of the delivery record (newsletters/{id}/deliveries/{uid}): a member's
   * Auth uid, or `subscriber-{emailHash}` for a visitor subscriber.
   */
  uid: string;
  /** Address from Auth (a member) or the confirmed subscription (a visitor). */
  email: string;
  /** Display name, for the greeting. */
  name: string;
  /** Set for a visitor subscriber: the hash of the address, whose unsubscribe link the mail carries. */
  subscriberHash?: string;
}

/** A visitor subscriber as a recipient. */
export function subscriberRecipient(email: string, emailHash: string): NewsletterRecipient {
  return { uid: `subscriber-${emailHash}`, email, name: 'Shelfmark reader', subscriberHash: emailHash };
}

/** The email of `newsletter` for `recipient`. */
export function newsletterMail(
  newsletter: Pick<Newsletter, 'id' | 'slug' | 'title' | 'subtitle' | 'content'>,
  recipient: NewsletterRecipient,
): Mail {
  const pageUrl = `${siteUrl()}${EDITORIAL_BASE_PATHS.newsletters}/${newsletter.slug ?? newsletter.id}`;
  const subscriber = recipient.subscriberHash !== undefined;
  const unsubscribe = unsubscribeLink(
    subscriber
      ? { kind: 'subscriber', emailHash: recipient.subscriberHash as string }
      : { kind: 'member', uid: recipient.uid },
  );
  const why = subscriber
    ? 'You receive this because you subscribed to the Shelfmark newsletters.'
    : 'You receive this because you are a Shelfmark member.';
  const again = subscriber
    ? 'you can subscribe again from the newsletters page.'
    : 'you can subscribe again from your profile editor.';
  const text = [
    'SHELFMARK NEWSLETTER',
    newsletter.title,
    newsletter.subtitle ?? null,
    `Hello ${recipient.name},`,
    lightMarkupToText(newsletter.content, 'newsletter'),
    `Read it online: ${pageUrl}`,
    `${why} Unsubscribe: ${unsubscribe}`,
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(newsletter.title)}</title></head>
<body style="margin:0;background:#f6f1e7;font-family:Georgia,serif;color:#1f2937;line-height:1.6;">
<div style="max-width:640px;margin:0 auto;padding:24px;">
<p style="font-family:sans-serif;font-size:12px;color:#6b7280;margin:0 0 8px;text-align:right;"><a href="${escapeHtml(pageUrl)}" style="color:#6b7280;">View in your browser</a></p>
<p style="font-family:sans-serif;font-weight:bold;letter-spacing:.08em;color:#8a4b2a;margin:0 0 16px;">SHELFMARK</p>
<div style="background:#ffffff;border:1px solid #e5dccb;border-radius:8px;padding:24px;">
<h1 style="margin:0 0 4px;font-size:26px;">${escapeHtml(newsletter.title)}</h1>
${newsletter.subtitle ? `<p style="margin:0 0 16px;color:#6b7280;">${escapeHtml(newsletter.subtitle)}</p>` : ''}
<p>Hello ${escapeHtml(recipient.name)},</p>
${renderLightMarkup(newsletter.content, 'newsletter')}
<p><a href="${escapeHtml(pageUrl)}">Read this newsletter online</a></p>
</div>
<p style="font-family:sans-serif;font-size:12px;color:#6b7280;margin-top:16px;">${why}
<a href="${escapeHtml(unsubscribe)}">Unsubscribe</a> from newsletters; ${again}</p>
</div></body></html>`;
  return {
    to: recipient.email,
    subject: newsletter.title,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: newsletterMessageId(newsletter.id, recipient.uid),
  };
}

/**
 * The Message-ID of one newsletter's mail to one member, the same on every attempt.
 * The delivery record is written after the SMTP server accepted the mail, so a worker
 * that dies in between leaves that one recipient to be mailed again by the retry; with
 * the same Message-ID the mailbox keeps a single copy.
 */
export function newsletterMessageId(newsletterId: string, uid: string): string {
  const host = new URL(siteUrl()).hostname || 'shelfmark.local';
  const safe = (part: string) => part.replace(/[^A-Za-z0-9_-]/g, '_');
  return `<newsletter.${safe(newsletterId)}.${safe(uid)}@${host}>`;
}
