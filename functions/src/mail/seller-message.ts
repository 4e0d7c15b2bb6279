// The email that relays a Platform Message from a buyer to the seller of an ad.
import type { MailContent } from './templates';
import { escapeHtml } from '../../../src/domain/shared/escape';

/** The relayed message; the buyer's address is the Reply-To, so the seller answers them directly. */
export function sellerMessageEmail(input: {
  sellerName: string;
  buyerName: string;
  adTitle: string;
  adUrl: string;
  message: string;
}): MailContent {
  const { sellerName, buyerName, adTitle, adUrl, message } = input;
  return {
    subject: `New message about your ad: ${adTitle}`,
    text: [
      `Hello ${sellerName},`,
      `${buyerName} sent you a message on Shelfmark about your ad “${adTitle}”:`,
      message,
      `Reply to this email to answer ${buyerName} directly. Your ad: ${adUrl}`,
      'The Shelfmark team',
    ].join('\n\n'),
    html: [
      '<!doctype html>',
      '<html><body style="font-family: sans-serif; line-height: 1.5; color: #1f2937;">',
      `<p>Hello ${escapeHtml(sellerName)},</p>`,
      `<p>${escapeHtml(buyerName)} sent you a message on Shelfmark about your ad “${escapeHtml(adTitle)}”:</p>`,
      `<blockquote style="white-space: pre-line; border-left: 3px solid #8a2c2c; padding-left: 12px;">${escapeHtml(message)}</blockquote>`,
      `<p>Reply to this email to answer ${escapeHtml(buyerName)} directly. Your ad: <a href="${escapeHtml(adUrl)}">${escapeHtml(adUrl)}</a></p>`,
      '<p>The Shelfmark team</p>',
      '</body></html>',
    ].join('\n'),
  };
}
