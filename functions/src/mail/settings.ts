/**
 * Mail and link settings, read from the environment. Locally they come from
 * functions/.env.demo-shelfmark (MailDev on 1025, the site on 4321); in
 * production from functions/.env.<project-id>, which `firebase deploy` loads.
 * process.env rather than defineString(): see deployHookUrl in publish/deploy-hook.ts
 * (firebase-tools would prompt for unset params and block emulators:exec).
 */

/**
 * The two mail streams. Account mail (verification, resets, address changes, approval
 * and moderation notices, opt-in confirmations, a buyer's message) is what a member
 * waits for; bulk mail (alerts, updates, digests, newsletters) is what complaints and
 * bounces pile up on. Each goes out through its own sender, so trouble with bulk mail
 * never delays a password reset.
 */
export type MailStream = 'account' | 'bulk';

/** Where one stream's mail goes out: its SMTP server, its sender and the headers that name its stream to the provider. */
export interface MailStreamSettings {
  /** SMTP server as a URL, e.g. smtp://127.0.0.1:1025 or smtps://user:pass@host:465; empty means mail is not sent. */
  smtpUrl: string;
  from: string;
  headers: Record<string, string>;
}

const DEFAULT_FROM = 'Shelfmark <no-reply@shelfmark.test>';
/** The stream names a provider is told when MAIL_STREAM_HEADER names its header (Postmark's defaults). */
const DEFAULT_STREAM_IDS: Readonly<Record<MailStream, string>> = { account: 'outbound', bulk: 'broadcast' };

const setting = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() ?? '';

/**
 * One stream's settings. Account mail: SMTP_URL and MAIL_FROM. Bulk mail: SMTP_BULK_URL
 * and MAIL_BULK_FROM, each falling back to the account's (one sender until an operator
 * splits them). MAIL_STREAM_HEADER (Postmark: X-PM-Message-Stream; SES:
 * X-SES-CONFIGURATION-SET) names the header that tells the provider the stream, with
 * MAIL_ACCOUNT_STREAM and MAIL_BULK_STREAM as its values.
 */
export function mailStreamSettings(
  stream: MailStream,
  env: NodeJS.ProcessEnv = process.env,
): MailStreamSettings {
  const accountUrl = setting(env, 'SMTP_URL');
  const accountFrom = setting(env, 'MAIL_FROM') || DEFAULT_FROM;
  const header = setting(env, 'MAIL_STREAM_HEADER');
  const streamId =
    setting(env, stream === 'account' ? 'MAIL_ACCOUNT_STREAM' : 'MAIL_BULK_STREAM') ||
    DEFAULT_STREAM_IDS[stream];
  const headers = /^[A-Za-z0-9-]+$/.test(header) ? { [header]: streamId } : {};
  if (stream === 'account') return { smtpUrl: accountUrl, from: accountFrom, headers };
  return {
    smtpUrl: setting(env, 'SMTP_BULK_URL') || accountUrl,
    from: setting(env, 'MAIL_BULK_FROM') || accountFrom,
    headers,
  };
}

/** The account stream's SMTP server (see mailStreamSettings). */
export function smtpUrl(): string {
  return mailStreamSettings('account').smtpUrl;
}

/** The account stream's sender (see mailStreamSettings). */
export function mailFrom(): string {
  return mailStreamSettings('account').from;
}

/** The public site's origin without a trailing slash; links in emails point there. */
export function siteUrl(): string {
  return (process.env.SITE_URL?.trim() || 'http://localhost:4321').replace(/\/+$/, '');
}

/** The auth page, where verification links return and approved members log in. */
export function authPageUrl(): string {
  return `${siteUrl()}/auth`;
}

/** A stream's sender under another display name (the site's title): the stream's address, the name given. */
export function mailFromAs(name: string, stream: MailStream): string {
  const from = mailStreamSettings(stream).from;
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
