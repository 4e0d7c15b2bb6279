// The invitation an administrator sends when registering a member: it links to
// Firebase's password-reset page for that account, so the member chooses their
// own password instead of keeping the temporary one.
import { escapeHtml, type MailContent } from './templates';

/** The email inviting a member an administrator registered. */
export function invitationEmail(displayName: string, setPasswordLink: string, loginUrl: string): MailContent {
  return {
    subject: 'You have been invited to Shelfmark',
    text: [
      `Hello ${displayName},`,
      'An administrator has created a Shelfmark account for you. Choose your password here:',
      setPasswordLink,
      'Then log in and set up your page:',
      loginUrl,
      'Welcome to the community!',
      'The Shelfmark team',
    ].join('\n\n'),
    html: [
      '<!doctype html>',
      '<html><body style="font-family: sans-serif; line-height: 1.5; color: #1f2937;">',
      `<p>Hello ${escapeHtml(displayName)},</p>`,
      '<p>An administrator has created a Shelfmark account for you.</p>',
      `<p><a href="${escapeHtml(setPasswordLink)}">Choose your password</a></p>`,
      `<p>Then <a href="${escapeHtml(loginUrl)}">log in to Shelfmark</a> and set up your page.</p>`,
      '<p>Welcome to the community!</p>',
      '<p>The Shelfmark team</p>',
      '</body></html>',
    ].join('\n'),
  };
}
