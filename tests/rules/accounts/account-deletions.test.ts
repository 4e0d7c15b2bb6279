import { Timestamp } from 'firebase/firestore';
import { uids } from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { describeServerOnly } from '../helpers/server-only';

// account_deletions/{uid} and retired page_slugs claims are written by the
// deleteAccount and saveProfile functions (Admin SDK) only: every client
// operation is denied, the member's own record and an admin included.
const records = {
  [`account_deletions/${uids.owner}`]: {
    uid: uids.owner,
    requested_by: uids.owner,
    status: 'running',
    steps_done: ['auth'],
    requested_at: Timestamp.fromDate(new Date('2025-03-05T10:00:00Z')),
  },
  'page_slugs/old-alice': {
    uid: uids.owner,
    claimed_at: Timestamp.fromDate(new Date('2025-01-01T00:00:00Z')),
    retired_at: Timestamp.fromDate(new Date('2025-03-01T00:00:00Z')),
  },
};

const env = useSeededRulesEnv('account-deletions', () => records);

describeServerOnly('server-only records of saving and deleting accounts', env, records, {
  listOf: (path) => path.slice(0, path.indexOf('/')),
  data: () => ({ uid: uids.owner, status: 'done' }),
});
