import { Timestamp, type DocumentData } from 'firebase/firestore';
import { uids } from './helpers';
import { describeGatedContent } from './shared/gated-content';
import { useSeededRulesEnv } from './shared/seeded-env';

function newsletter(overrides: DocumentData = {}): DocumentData {
  return {
    title: 'Shelfmark Monthly: March',
    subtitle: 'New members, new books and a cover-design workshop',
    content: 'Welcome to the March issue. This month forty new authors joined...',
    is_published: true,
    created_by: uids.admin,
    created_at: Timestamp.fromDate(new Date('2025-03-01T07:00:00Z')),
    updated_at: Timestamp.fromDate(new Date('2025-03-01T07:00:00Z')),
    sent_at: Timestamp.fromDate(new Date('2025-03-01T09:00:00Z')),
    recipient_count: 212,
    ...overrides,
  };
}

const env = useSeededRulesEnv('newsletters', () => ({
  'newsletters/published-newsletter': newsletter(),
  'newsletters/draft-newsletter': newsletter({ title: 'Shelfmark Monthly: April', is_published: false, sent_at: null, recipient_count: 0 }),
}));

describeGatedContent({
  env,
  collection: 'newsletters',
  flag: 'is_published',
  noun: { one: 'newsletter', many: 'newsletters' },
  labels: { visible: 'a published newsletter', hidden: 'a draft', hiddenPlural: 'unpublished' },
  ids: { visible: 'published-newsletter', hidden: 'draft-newsletter', new: 'new-newsletter' },
  makeDoc: () => newsletter(),
});
