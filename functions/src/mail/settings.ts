/**
 * Mail and link settings, read from the environment. Locally they come from
 * functions/.env.demo-shelfmark (MailDev on 1025, the site on 4321); in
 * production from functions/.env.<project-id>, which `firebase deploy` loads.
 * process.env rather than defineString(): see deployHookUrl in publish/deploy-hook.ts
 * (firebase-tools would prompt for unset params and block emulators:exec).
 */

/** SMTP server as a URL, e.g. smtp://127.0.0.1:1025 or smtps://user:pass@host:465; empty means mail is not sent. */
export function smtpUrl(): string {
  return process.env.SMTP_URL?.trim() ?? '';
}

/** The sender of every email. */
export function mailFrom(): string {
  return process.env.MAIL_FROM?.trim() || 'Shelfmark <no-reply@shelfmark.test>';
}

/** The public site's origin without a trailing slash; links in emails point there. */
export function siteUrl(): string {
  return (process.env.SITE_URL?.trim() || 'http://localhost:4321').replace(/\/+$/, '');
}

/** The auth page, where verification links return and approved members log in. */
export function authPageUrl(): string {
  return `${siteUrl()}/auth`;
}

/** The sender under another display name (the site's title): the address of mailFrom(), the name given. */
export function mailFromAs(name: string): string {
  const from = mailFrom();
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  // A display name goes in quotes, with quotes and backslashes escaped and line breaks removed.
  const quoted = name.replace(/[\r\n]+/g, ' ').replace(/(["\\])/g, '\\$1');
  return `"${quoted}" <${address}>`;
}

/** The address of HTTP function `name` in the functions emulator (production sets each link's own URL). */
export function emulatorFunctionUrl(name: string): string {
  const project = process.env.GCLOUD_PROJECT ?? 'demo-shelfmark';
  const host =
    process.env.FUNCTIONS_EMULATOR_HOST ?? process.env.FIREBASE_FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001';
  return `http://${host}/${project}/us-central1/${name}`;
}
