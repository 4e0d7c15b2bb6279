import { Timestamp, type DocumentData } from 'firebase/firestore';
import { uids } from './helpers';
import { describeOwnedItemReads } from './shared/owned-item-reads';
import { useSeededRulesEnv } from './shared/seeded-env';

function ad(overrides: DocumentData = {}): DocumentData {
  return {
    user_id: uids.owner,
    title: 'Signed first edition of Harbour Lights',
    description: 'Hardback, signed on the title page, dust jacket intact.',
    category: 'books-publications',
    subcategory: 'first-editions',
    price: 85,
    currency: 'GBP',
    condition: 'like-new',
    location: 'Bristol, UK',
    contact_method: 'message',
    contact_info: '',
    is_service: false,
    tags: ['signed', 'first-edition'],
    is_active: true,
    is_featured: false,
    views_count: 3,
    created_at: Timestamp.fromDate(new Date('2025-05-10T15:30:00Z')),
    ...overrides,
  };
}

const env = useSeededRulesEnv('classified-ads', () => ({
  'classified_ads/active-ad': ad(),
  'classified_ads/inactive-ad': ad({ title: 'Oak bookshelf (sold)', category: 'storage-organization', is_active: false }),
  'classified_ads/bobs-ad': ad({ user_id: uids.other, title: 'Proofreading by the page', is_service: true }),
}));

describeOwnedItemReads({ env, collection: 'classified_ads', noun: { one: 'ad', many: 'ads' }, makeDoc: () => ad() });
