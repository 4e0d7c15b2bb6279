/** The small pages the unsubscribe link answers with. */
import { siteUrl } from './settings';
import { escapeHtml } from '../../../src/domain/shared/escape';

/** Which page: asking to confirm, done, or a link that does not verify. */
export type UnsubscribeState = 'confirm' | 'done' | 'invalid';
/** Whose newsletter link: a member's (subscribes again in the profile editor) or a visitor subscriber's. */
export type UnsubscribeAudience = 'member' | 'subscriber';

/** The words of each page (alerts and digests bring their own). */
export type UnsubscribeMessages = Record<UnsubscribeState, { title: string; body: string; button?: string }>;

/** The newsletters' words for a member's link and a visitor subscriber's. */
const NEWSLETTER_MESSAGES: Record<UnsubscribeAudience, UnsubscribeMessages> = {
  member: {
    confirm: {
      title: 'Unsubscribe from Shelfmark newsletters?',
      body: 'You will no longer receive Shelfmark newsletters by email.',
    },
    done: {
      title: 'You have been unsubscribed',
      body: 'You will not receive Shelfmark newsletters any more. You can subscribe again at any time from your profile editor.',
    },
    invalid: {
      title: 'This unsubscribe link is not valid',
      body: 'Please use the link from a recent Shelfmark newsletter, or change the setting in your profile editor.',
    },
  },
  subscriber: {
    confirm: {
      title: 'Unsubscribe from Shelfmark newsletters?',
      body: 'You will no longer receive Shelfmark newsletters by email.',
    },
    done: {
      title: 'You have been unsubscribed',
      body: 'You will not receive Shelfmark newsletters any more. You can subscribe again at any time from the newsletters page.',
    },
    invalid: {
      title: 'This unsubscribe link is not valid',
      body: 'Please use the link from a recent Shelfmark newsletter.',
    },
  },
};

/**
 * The page: a newsletter's for `audience`, or the given `messages` (a follow's
 * alert, a digest). The confirmation POSTs to the same address (query included).
 */
export function unsubscribePage(
  state: UnsubscribeState,
  wording: UnsubscribeAudience | UnsubscribeMessages = 'member',
): string {
  const messages = typeof wording === 'string' ? NEWSLETTER_MESSAGES[wording] : wording;
  const { title, body, button } = messages[state];
  const site = escapeHtml(siteUrl());
  const action =
    state === 'confirm'
      ? `<form method="post"><button type="submit" style="font:inherit;padding:.5rem 1rem;">${escapeHtml(button ?? 'Unsubscribe')}</button></form>`
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2937;">
<p style="font-weight:bold;letter-spacing:.08em;color:#8a4b2a;">SHELFMARK</p>
<h1 style="font-size:1.5rem;">${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
${action}
<p><a href="${site}">Back to Shelfmark</a></p>
</body></html>`;
}
