// The invitation an administrator sends when registering a member, in the shared
// layout (templates.ts): the site's branding, a plain-text and an HTML body, and a
// link to our own /auth/reset page carrying a password-reset code, so the member
// chooses their own password instead of keeping the temporary one.
import { composeMail, defaultBrand, type MailBrand, type MailContent } from './templates';

/** The email inviting a member an administrator registered. */
export function invitationEmail(
  displayName: string,
  setPasswordLink: string,
  loginUrl: string,
  brand: MailBrand = defaultBrand(),
): MailContent {
  return composeMail(
    {
      subject: `You have been invited to ${brand.title}`,
      name: displayName,
      paragraphs: [
        `An administrator has created a ${brand.title} account for you. To choose your password, open this link:`,
      ],
      action: { label: 'Choose your password', url: setPasswordLink },
      after: [
        `Then log in and set up your page: ${loginUrl}`,
        'The link works once and expires after an hour.',
        'Welcome to the community!',
      ],
      reason: `You received this email because an administrator registered this address on ${brand.title}.`,
    },
    brand,
  );
}
