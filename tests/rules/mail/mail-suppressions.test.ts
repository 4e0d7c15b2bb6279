// The suppression list and the applied mail events are server-only: every actor
// (signed out, pending, owner, other member, denied, inactive, admin) is denied
// get, list, create, update and delete; only the mail webhook writes them.
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
};

const env = useSeededRulesEnv('mail-suppressions', () => docs);

describeServerOnly('mail_suppressions and mail_events', env, docs);
