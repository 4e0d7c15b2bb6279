import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, Timestamp, type DocumentData } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  everyone,
  expectDenied,
  itDeniesWrites,
  saveRuleCoverage,
  seed,
  setupRulesEnv,
} from './helpers';

// The visitor opt-in's collections are the server's alone: pending requests and
// confirmations (src/domain/opt-in.ts) and the newsletters' visitor subscribers
// (src/domain/newsletter-subscriber.ts). No match in firestore.rules, so every
// client, admins included, is denied every read and write: nobody can learn
// from the browser whether an address asked, confirmed or is subscribed.
const when = Timestamp.fromDate(new Date('2026-11-01T10:00:00Z'));
const serverOnly: Record<string, DocumentData> = {
  'opt_in_requests/r1': {
    email: 'ann@example.org',
    purpose: { kind: 'newsletter' },
    created_at: when,
    expires_at: when,
  },
  [`opt_in_confirmations/${'a'.repeat(64)}`]: {
    email: 'ann@example.org',
    purpose: { kind: 'follow', authorUid: 'owner-uid' },
    created_at: when,
    expires_at: when,
    used_at: null,
  },
  [`newsletter_subscribers/${'b'.repeat(64)}`]: { email: 'ann@example.org', confirmed_at: when },
};

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await setupRulesEnv('opt-in');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, serverOnly);
});

describe('opt-in requests, confirmations and newsletter subscribers', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      for (const path of Object.keys(serverOnly)) {
        describe(path.slice(0, path.indexOf('/')), () => {
          it('get is denied', async () => {
            await expectDenied(getDoc(doc(dbAs(env, actor), path)));
          });
          it('list is denied', async () => {
            await expectDenied(getDocs(collection(dbAs(env, actor), path.slice(0, path.indexOf('/')))));
          });
          itDeniesWrites(
            () => dbAs(env, actor),
            { newPath: `${path.slice(0, path.indexOf('/'))}/new-doc`, existingPath: path },
            serverOnly[path]!,
          );
        });
      }
    });
  }
});
