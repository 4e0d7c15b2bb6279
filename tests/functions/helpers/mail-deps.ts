// What the followers' mail jobs (new-book alerts, authors' updates, the digest) are
// given, faked for the tests that run them directly on the emulator.
import type { Mail } from '../../../functions/src/mail/send-mail';
import { defaultBrand } from '../../../functions/src/mail/templates';
import type { AlertDeps } from '../../../functions/src/follows/release-alerts';
import type { UpdateMailDeps } from '../../../functions/src/follows/update-mail';
import { adminDb } from './emulator';

/**
 * The deps every followers' mail job shares: mails recorded in `mailed` instead of
 * sent, each member's address `<uid>@example.com`, the default brand, the real
 * clock, no delay or wait, and every follower in the audience. A job's own queue
 * goes on top.
 */
export function fakeMailDeps(mailed: Mail[]): Omit<AlertDeps, 'enqueueBatch'> {
  return {
    firestore: adminDb(),
    sendMail: async (mail) => void mailed.push(mail),
    memberEmails: async (uids) => new Map(uids.map((uid) => [uid, `${uid}@example.com`])),
    brand: async () => defaultBrand(),
    now: () => new Date(),
    delayMs: 0,
    sleep: async () => {},
    audience: async (follows) => follows.map(() => true),
  };
}

/**
 * Deps for any followers' mail job (new-book alerts and the digest, or authors'
 * updates) that record its mails in `mailed` and the batches it queues in `queued`
 * instead of sending them; `overrides` on top.
 */
export function recordingMailDeps(overrides: Partial<AlertDeps & UpdateMailDeps> = {}) {
  const mailed: Mail[] = [];
  const queued: string[] = [];
  const deps: AlertDeps & UpdateMailDeps = {
    ...fakeMailDeps(mailed),
    enqueueBatch: async (_book, batch) => void queued.push(batch),
    enqueueUpdateBatch: async (_update, batch) => void queued.push(batch),
    ...overrides,
  };
  return { deps, mailed, queued };
}
