import { type DocumentData } from 'firebase/firestore';
import { uids } from '../helpers/rules-env';
import { describeGatedContent } from '../helpers/gated-content';
import { useSeededRulesEnv } from '../helpers/seeded-env';

function banner(overrides: DocumentData = {}): DocumentData {
  return {
    title: 'Indie Book Fair 2025',
    image_url: 'https://example.com/banners/book-fair.jpg',
    link_url: 'https://example.com/book-fair',
    description: 'Meet two hundred independent authors in Leeds.',
    position: 1,
    is_active: true,
    created_by: uids.admin,
    ...overrides,
  };
}

const env = useSeededRulesEnv('advertisement-banners', () => ({
  'advertisement_banners/active-banner': banner(),
  'advertisement_banners/inactive-banner': banner({
    title: 'Winter Sale (ended)',
    position: 2,
    is_active: false,
  }),
}));

describeGatedContent({
  env,
  collection: 'advertisement_banners',
  flag: 'is_active',
  noun: { one: 'banner', many: 'banners' },
  labels: { visible: 'an active banner', hidden: 'an inactive banner', hiddenPlural: 'inactive' },
  ids: { visible: 'active-banner', hidden: 'inactive-banner', new: 'new-banner' },
  makeDoc: () => banner(),
});
