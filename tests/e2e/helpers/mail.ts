// Reads the mail catcher (MailDev) that the functions send through locally.
import { eventually, MAILDEV_URL } from './emulators';

/** An email as MailDev's REST API returns it (the fields the tests read). */
export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string }[];
  text?: string;
  html?: string;
}

/** Waits for an email to `to` whose subject matches, and returns it. */
export async function findMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<CaughtMail> {
  return eventually(
    `an email to ${to} with subject ${subject}`,
    async () => {
      const response = await fetch(`${MAILDEV_URL}/email`);
      const mails = (await response.json()) as CaughtMail[];
      return mails.find(
        (m) => subject.test(m.subject) && m.to.some((r) => r.address.toLowerCase() === to.toLowerCase()),
      );
    },
    timeoutMs,
  );
}
