import { uids } from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { describeServerOnly } from '../helpers/server-only';

// member_stats (a member's analytics, src/domain/members/member-stats.ts) is written
// only by the site's server and read only through the memberAnalytics
// callable: no client reads or writes it (its days, nor the marks of follow events
// counted), its owner and admins included, so nobody reads another member's figures
// or fakes their own.
const statsPaths = {
  [`member_stats/${uids.owner}/days/2026-11-20`]: {
    day: '2026-11-20',
    views: 3,
    clicks: 1,
    items: { [`profile_${uids.owner}`]: { kind: 'profile', title: 'Alice', views: 3, clicks: 0, links: {} } },
  },
  [`member_stats/${uids.owner}`]: { note: 'parent' },
  [`member_stats/${uids.owner}/follow_events/event-1`]: {
    change: 'follow',
    day: '2026-11-20',
    expires_at: new Date('2026-12-20T00:00:00Z'),
  },
};

const env = useSeededRulesEnv('member-stats', () => statsPaths);

describeServerOnly('member_stats', env, statsPaths, { data: () => ({ views: 1000 }) });
