import { uids } from './helpers';
import { useSeededRulesEnv } from './shared/seeded-env';
import { describeServerOnly } from './shared/server-only';

// member_stats (a member's analytics, src/domain/member-stats.ts) is written
// only by the site's server and read only through the memberAnalytics
// callable: no client reads or writes it, its owner and admins included, so
// nobody reads another member's figures or fakes their own.
const statsPaths = {
  [`member_stats/${uids.owner}/days/2026-11-20`]: {
    day: '2026-11-20',
    views: 3,
    clicks: 1,
    items: { [`profile_${uids.owner}`]: { kind: 'profile', title: 'Alice', views: 3, clicks: 0, links: {} } },
  },
  [`member_stats/${uids.owner}`]: { note: 'parent' },
};

const env = useSeededRulesEnv('member-stats', () => statsPaths);

describeServerOnly('member_stats', env, statsPaths, { data: () => ({ views: 1000 }) });
