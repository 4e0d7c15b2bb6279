// The suppression list, the applied mail events and the delivery figures' shards
// are server-only: every actor (signed out, pending, owner, other member, denied,
// inactive, admin) is denied get, list, create, update and delete; only the
// functions write them.
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { describeServerOnly } from '../helpers/server-only';

const KEY = 'a'.repeat(64);
const docs = {
  [`mail_suppressions/${KEY}`]: {
    reason: 'hard-bounce',
    suppressed_at: 1,
    soft_bounces: 0,
    last_bounce_at: 1,
    last_delivered_at: null,
    lifted_at: null,
  },
  'mail_events/resend_msg_1': { kind: 'hard-bounce', batch_kind: null, batch_id: null },
  'mail_figures/newsletter_n1/shards/3': { sent: 10, delivered: 9, bounced: 1, complained: 0, suppressed: 0 },
  'mail_figures/kind_newsletter/shards/0': { sent: 10 },
};

const env = useSeededRulesEnv('mail-suppressions', () => docs);

describeServerOnly('mail_suppressions, mail_events and mail_figures', env, docs);
