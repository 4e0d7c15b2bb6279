import { Timestamp, type DocumentData } from 'firebase/firestore';
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { describeServerOnly } from '../helpers/server-only';

// The visitor opt-in's collections are the server's alone: pending requests and
// confirmations (src/domain/accounts/opt-in.ts) and the newsletters' visitor subscribers
// (src/domain/editorial/newsletter-subscriber.ts). No match in firestore.rules, so every
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

const env = useSeededRulesEnv('opt-in', () => serverOnly);

describeServerOnly('opt-in requests, confirmations and newsletter subscribers', env, serverOnly, {
  title: (path) => path.slice(0, path.indexOf('/')),
  listOf: (path) => path.slice(0, path.indexOf('/')),
  newPathOf: (path) => `${path.slice(0, path.indexOf('/'))}/new-doc`,
});
