// The demo's suppression list: the demo publisher's address had a Shelfmark email
// reported as spam a week ago, so signing in as them shows the account page's
// notice ("Emails to your address are not delivered") and its way out. Keyed as
// the functions key it (functions/src/mail/suppressions.ts), under the demo
// project's MAIL_SUPPRESSION_SECRET from functions/.env.demo-shelfmark.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suppressionKey } from '../../functions/src/mail/suppressions.ts';
import {
  EMPTY_SUPPRESSION,
  MAIL_SUPPRESSIONS,
  type MailSuppression,
} from '../../src/domain/mail/suppression.ts';
import { demoAccount } from './accounts.ts';

/** The demo member whose mail is stopped. */
export const SUPPRESSED_DEMO_UID = 'demo-publisher';

/** MAIL_SUPPRESSION_SECRET as the demo functions read it. */
function demoSecret(root: string): string {
  const env = readFileSync(join(root, 'functions', '.env.demo-shelfmark'), 'utf8');
  const secret = /^MAIL_SUPPRESSION_SECRET=(.+)$/m.exec(env)?.[1]?.trim();
  if (!secret) throw new Error('MAIL_SUPPRESSION_SECRET is missing from functions/.env.demo-shelfmark');
  return secret;
}

/** The seeded suppression records: path and data. */
export function generateMailSuppressions(
  root: string,
  now: number,
): { path: string; data: MailSuppression }[] {
  const at = now - 7 * 24 * 60 * 60 * 1000;
  const key = suppressionKey(demoAccount(SUPPRESSED_DEMO_UID).email, demoSecret(root));
  return [
    {
      path: `${MAIL_SUPPRESSIONS}/${key}`,
      data: { ...EMPTY_SUPPRESSION, reason: 'complaint', suppressed_at: at },
    },
  ];
}
