import { Timestamp, type DocumentData } from 'firebase/firestore';
import { uids } from '../helpers/rules-env';
import { describeEditorialWrites } from '../helpers/editorial-writes';
import { describeGatedContent } from '../helpers/gated-content';
import { useSeededRulesEnv } from '../helpers/seeded-env';

function post(overrides: DocumentData = {}): DocumentData {
  return {
    title: 'Ten Questions for Debut Authors',
    content: 'We asked ten members what they wish they had known before publishing...',
    author: 'Shelfmark Team',
    excerpt: 'What ten members wish they had known.',
    featured_image: 'https://example.com/blog/debut.jpg',
    is_published: true,
    created_by: uids.admin,
    created_at: Timestamp.fromDate(new Date('2025-02-14T08:00:00Z')),
    updated_at: Timestamp.fromDate(new Date('2025-02-14T08:00:00Z')),
    ...overrides,
  };
}

const env = useSeededRulesEnv('blog-posts', () => ({
  'blog_posts/published-post': post(),
  'blog_posts/draft-post': post({ title: 'Spring Reading List (draft)', is_published: false }),
}));

describeGatedContent({
  env,
  collection: 'blog_posts',
  flag: 'is_published',
  noun: { one: 'post', many: 'posts' },
  labels: { visible: 'a published post', hidden: 'a draft', hiddenPlural: 'drafts' },
  ids: { visible: 'published-post', hidden: 'draft-post', new: 'new-post' },
  makeDoc: () => post(),
  adminWrites: true,
  visitorList: false,
});

describeEditorialWrites({
  env,
  collection: 'blog_posts',
  existingId: 'published-post',
  formFields: () => ({
    title: 'Spring Reading List',
    author: 'Shelfmark Team',
    content: '## Picks\n\n**One:** a mystery.',
    excerpt: 'Five books for spring.',
    featured_image: '/media/site-assets/blog/spring.webp',
    is_published: true,
  }),
  functionOnly: { slug: 'spring-reading-list' },
  badValues: [
    ['title', 'x'.repeat(201)],
    ['author', ''],
    ['author', 'x'.repeat(81)],
    ['content', 'x'.repeat(100_001)],
    ['excerpt', 'x'.repeat(501)],
    ['featured_image', 'javascript:alert(1)'],
    ['featured_image', '//evil.example/x.png'],
    ['is_published', 'yes'],
  ],
});
