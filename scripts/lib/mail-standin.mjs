// The local mail provider stand-in (scripts/mail-standin) as `npm start` and the tests
// run it: on PORTS.mailProvider, reading MailDev on PORTS.mailWeb and posting signed
// delivery events to the emulated mailWebhook with MAIL_WEBHOOK_SECRET of
// functions/.env.demo-shelfmark.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PORTS, PROJECT_ID, ROOT } from '../emulator-env.mjs';

/** The stand-in's page (received mails, each with "Report as spam"). */
export const MAIL_STANDIN_URL = `http://127.0.0.1:${PORTS.mailProvider}`;

/** MAIL_WEBHOOK_SECRET as the demo functions read it. */
function demoWebhookSecret() {
  const env = readFileSync(join(ROOT, 'functions', '.env.demo-shelfmark'), 'utf8');
  const secret = /^MAIL_WEBHOOK_SECRET=(.+)$/m.exec(env)?.[1]?.trim();
  if (!secret) throw new Error('MAIL_WEBHOOK_SECRET is missing from functions/.env.demo-shelfmark');
  return secret;
}

/**
 * Starts the stand-in in this process; resolves to `{ url, complain(address), poll(), close() }`.
 * `delivered`: report plain deliveries too (npm start does; the tests do not, to spare the emulator).
 */
export async function startLocalMailStandin({ port = PORTS.mailProvider, delivered = true, log } = {}) {
  const { startMailStandin } = await import('../mail-standin/index.ts');
  return startMailStandin({
    port,
    maildevUrl: `http://127.0.0.1:${PORTS.mailWeb}`,
    webhookUrl: `http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/us-central1/mailWebhook`,
    secret: demoWebhookSecret(),
    delivered,
    log: log ?? ((line) => console.error(line)),
  });
}
