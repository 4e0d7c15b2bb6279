import { type DocumentData } from 'firebase/firestore';
import { describeGatedContent } from '../helpers/gated-content';
import { useSeededRulesEnv } from '../helpers/seeded-env';

function page(overrides: DocumentData = {}): DocumentData {
  return {
    page_slug: 'about',
    title: 'About Shelfmark',
    subtitle: 'A home for authors and the people who read them',
    content: {
      hero: { title: 'About Shelfmark', description: 'Where authors and readers meet.' },
      mission: { title: 'Our mission', content: 'Help every author find their readers.' },
      features: [{ icon: 'Users', title: 'Community', description: 'Thousands of members.' }],
      vision: { title: 'Our vision', content: 'Books for everyone.', badges: ['Independent'] },
      cta: { title: 'Join us', description: 'Membership is free.' },
    },
    meta_description: 'About Shelfmark, the community for books and authors.',
    is_published: true,
    ...overrides,
  };
}

const env = useSeededRulesEnv('page-content', () => ({
  'page_content/about': page(),
  'page_content/membership': page({
    page_slug: 'membership',
    title: 'Membership',
    subtitle: 'Free and premium plans',
    content: {
      hero: { title: 'Membership', description: 'Choose a plan.' },
      plans: [],
      benefits: [],
      cta: { title: 'Join', description: 'Start free.' },
    },
    meta_description: 'Shelfmark membership plans.',
    is_published: false,
  }),
}));

describeGatedContent({
  env,
  collection: 'page_content',
  flag: 'is_published',
  noun: { one: 'page', many: 'pages' },
  labels: { visible: 'a published page', hidden: 'an unpublished page', hiddenPlural: 'unpublished' },
  ids: { visible: 'about', hidden: 'membership', new: 'privacy-notice' },
  makeDoc: () => page(),
});
