// The one template set for every email Shelfmark sends to a member: a plain-text
// body for every client and the same words as simple HTML, headed by the site's
// title and logo (site settings) and closed by a footer saying why the mail was
// sent. Links are written out in full in both bodies, so they survive clients
// that strip markup. Everything here is pure: the branding is passed in
// (`brand.ts` reads it from the site settings); without it the built-in title
// and the SITE_URL origin are used.
import { escapeHtml } from '../../../src/domain/shared/escape';
import { mailSafeName } from '../../../src/domain/shared/mail-name';
import type { Mail } from './send-mail';
import { siteUrl } from './settings';

/** An email before it is addressed. */
export type MailContent = Omit<Mail, 'to'>;

/** What heads every mail: the site's title, its logo and where it lives. */
export interface MailBrand {
  /** Site title from the settings (built-in default when empty). */
  title: string;
  /** Absolute address of the logo, or null for a text-only heading. */
  logoUrl: string | null;
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
}

/** The branding used when the caller has not read the site settings. */
export function defaultBrand(): MailBrand {
  return { title: 'Shelfmark', logoUrl: null, siteUrl: siteUrl() };
}

/** One email in the shared layout. */
export interface TemplateInput {
  /** Subject line. */
  subject: string;
  /** Who it greets ('Hello Jane,'); blank, or a name the display-name rules refuse, becomes 'there'. */
  name: string;
  /** Paragraphs of plain text, before the button. */
  paragraphs: readonly string[];
  /** The one thing to do, as a button (and the address written out). */
  action?: { label: string; url: string };
  /** Paragraphs after the button (plain text). */
  after?: readonly string[];
  /** The footer: why this mail was sent ('You received this email because …'). */
  reason: string;
}

// Checked here too, whatever the caller passed: a name with a link or markup must
// never reach a mail sent under the site's name.
function greeting(name: string): string {
  return `Hello ${mailSafeName(name) ?? 'there'},`;
}

/** Builds the subject, text and HTML of one mail in the shared layout. */
export function composeMail(input: TemplateInput, brand: MailBrand = defaultBrand()): MailContent {
  const after = input.after ?? [];
  const signature = `The ${brand.title} team`;
  const text = [
    brand.title,
    greeting(input.name),
    ...input.paragraphs,
    ...(input.action ? [`${input.action.label}: ${input.action.url}`] : []),
    ...after,
    signature,
    '--',
    input.reason,
    brand.siteUrl,
  ].join('\n\n');

  const p = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" width="40" height="40" style="vertical-align:middle;margin-right:8px;border:0">`
    : '';
  const action = input.action
    ? [
        p(
          `<a href="${escapeHtml(input.action.url)}" style="display:inline-block;background:#7c2d12;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(input.action.label)}</a>`,
        ),
        p(
          `Or copy this link into your browser: <a href="${escapeHtml(input.action.url)}">${escapeHtml(input.action.url)}</a>`,
        ),
      ]
    : [];
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f7f3ea;font-family:Georgia,serif;line-height:1.5;color:#1f2937">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5dccb;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold"><a href="${escapeHtml(brand.siteUrl)}" style="color:#1f2937;text-decoration:none">${logo}${escapeHtml(brand.title)}</a></p>`,
    p(escapeHtml(greeting(input.name))),
    ...input.paragraphs.map((paragraph) => p(escapeHtml(paragraph))),
    ...action,
    ...after.map((paragraph) => p(escapeHtml(paragraph))),
    p(escapeHtml(signature)),
    '</div>',
    `<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#6b7280">${escapeHtml(input.reason)} <a href="${escapeHtml(brand.siteUrl)}" style="color:#6b7280">${escapeHtml(brand.siteUrl)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: input.subject, text, html };
}

/** The email that asks a new member to confirm their address. */
export function verificationEmail(
  displayName: string,
  link: string,
  brand: MailBrand = defaultBrand(),
): MailContent {
  return composeMail(
    {
      subject: `Verify your email for ${brand.title}`,
      name: displayName,
      paragraphs: [
        `Thank you for joining ${brand.title}! Please confirm your email address by opening this link:`,
      ],
      action: { label: 'Verify my email address', url: link },
      after: [
        'An administrator will review your account; we will email you again once it is approved.',
        `If you did not sign up for ${brand.title}, you can ignore this email.`,
      ],
      reason: `You received this email because this address was used to create a ${brand.title} account.`,
    },
    brand,
  );
}

/** The email telling a member an administrator approved their account. */
export function approvedEmail(
  displayName: string,
  loginUrl: string,
  brand: MailBrand = defaultBrand(),
): MailContent {
  return composeMail(
    {
      subject: `Your ${brand.title} account has been approved`,
      name: displayName,
      paragraphs: [
        `Good news: an administrator has approved your ${brand.title} account. You can now log in and set up your page.`,
      ],
      action: { label: `Log in to ${brand.title}`, url: loginUrl },
      after: ['Welcome to the community!'],
      reason: `You received this email because an administrator reviewed your ${brand.title} account request.`,
    },
    brand,
  );
}

/** The email telling a member their account request was not approved. */
export function deniedEmail(displayName: string, brand: MailBrand = defaultBrand()): MailContent {
  return composeMail(
    {
      subject: `About your ${brand.title} account request`,
      name: displayName,
      paragraphs: [
        `Thank you for your interest in ${brand.title}. After reviewing your account request, an administrator was not able to approve it.`,
        `If you think this is a mistake, please get in touch through the ${brand.title} website and we will take another look.`,
      ],
      reason: `You received this email because an administrator reviewed your ${brand.title} account request.`,
    },
    brand,
  );
}

/** The email with a link to choose a new password. */
export function passwordResetEmail(
  displayName: string,
  link: string,
  brand: MailBrand = defaultBrand(),
): MailContent {
  return composeMail(
    {
      subject: `Reset your ${brand.title} password`,
      name: displayName,
      paragraphs: [
        `Someone asked to reset the password of your ${brand.title} account. To choose a new password, open this link:`,
      ],
      action: { label: 'Choose a new password', url: link },
      after: [
        'The link works once and expires after an hour.',
        'If you did not ask for this, you can ignore this email: your password stays as it is.',
      ],
      reason: `You received this email because a password reset was requested for this address on ${brand.title}.`,
    },
    brand,
  );
}

/** The one email that goes to a suppressed address: it proves the address works, and its link lifts the suppression. */
export function mailReconfirmEmail(
  displayName: string,
  link: string,
  brand: MailBrand = defaultBrand(),
): MailContent {
  return composeMail(
    {
      subject: `Start ${brand.title} emails again`,
      name: displayName,
      paragraphs: [
        `Mail to this address was stopped because it bounced or was reported as spam. You asked to receive ${brand.title} emails here again. To confirm that this address works and is yours, open this link:`,
      ],
      action: { label: 'Start emails again', url: link },
      after: [
        'The link expires after a day.',
        'If you did not ask for this, ignore this email: nothing changes.',
      ],
      reason: `You received this email because the member of this address asked for it on ${brand.title}.`,
    },
    brand,
  );
}

/** The email to a new address, asking to confirm it before the account moves there. */
export function emailChangeConfirmEmail(
  displayName: string,
  newEmail: string,
  link: string,
  brand: MailBrand = defaultBrand(),
): MailContent {
  return composeMail(
    {
      subject: `Confirm your new email for ${brand.title}`,
      name: displayName,
      paragraphs: [
        `You asked to change the email address of your ${brand.title} account to ${newEmail}. The change happens only when you confirm it:`,
      ],
      action: { label: 'Confirm my new email address', url: link },
      after: ['If you did not ask for this, ignore this email and nothing changes.'],
      reason: `You received this email because this address was entered as the new email of a ${brand.title} account.`,
    },
    brand,
  );
}

/** The email to the old address once the account moved to a new one. */
export function emailChangedNoticeEmail(
  displayName: string,
  newEmail: string,
  brand: MailBrand = defaultBrand(),
): MailContent {
  return composeMail(
    {
      subject: `Your ${brand.title} email address was changed`,
      name: displayName,
      paragraphs: [
        `The email address of your ${brand.title} account was changed to ${newEmail}. From now on, log in with the new address.`,
        `If you did not make this change, reset your password from the login page and contact the ${brand.title} administrators at once.`,
      ],
      action: { label: `Log in to ${brand.title}`, url: `${brand.siteUrl}/auth` },
      reason: `You received this email because this address belonged to a ${brand.title} account whose email was changed.`,
    },
    brand,
  );
}

/**
 * The email to the holder of an address that someone entered as the new email
 * of another account: nothing changed, and who asked is not said.
 */
export function emailTakenNoticeEmail(displayName: string, brand: MailBrand = defaultBrand()): MailContent {
  return composeMail(
    {
      subject: `Someone tried to use your email address on ${brand.title}`,
      name: displayName,
      paragraphs: [
        `Someone asked to move another ${brand.title} account to this email address, which already belongs to your account. Nothing has changed: your account and its address stay as they are.`,
        'If that was you, log in with this address instead, or choose another address for the other account.',
      ],
      after: [
        `If it was not you, there is nothing to do. You may want to tell the ${brand.title} administrators if it happens again.`,
      ],
      reason: `You received this email because this address was entered as the new email of another ${brand.title} account.`,
    },
    brand,
  );
}
