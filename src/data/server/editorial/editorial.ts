// Published blog posts and newsletters for the pre-rendered pages, the feeds,
// the home teasers and the sitemap. Read once per build with the Admin SDK;
// a document that fails its schema is left out and logged.
import type { Firestore } from 'firebase-admin/firestore';
import { blogPostSchema, type BlogPost } from '../../../domain/editorial/blog-post.ts';
import { newsletterSchema, type Newsletter } from '../../../domain/editorial/newsletter.ts';
import { isPostPublic } from '../../../domain/accounts/visibility.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery } from '../shared/read-meter.ts';

/** Far more than the site will publish for years; bounds a build's reads. */
const MAX_ITEMS = 2000;

/** Public blog posts (published, not hidden by moderation: isPostPublic), newest first (at most `limit`; a hidden one is dropped after the query). */
export async function getPublishedBlogPosts(limit = MAX_ITEMS, db: Firestore = getDb()): Promise<BlogPost[]> {
  const snap = await db
    .collection('blog_posts')
    .where('is_published', '==', true)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .get();
  meterQuery(snap);
  return parseDocs(blogPostSchema, snap.docs).filter(isPostPublic);
}

/** Published newsletters, newest first (at most `limit`). */
export async function getPublishedNewsletters(
  limit = MAX_ITEMS,
  db: Firestore = getDb(),
): Promise<Newsletter[]> {
  const snap = await db
    .collection('newsletters')
    .where('is_published', '==', true)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .get();
  meterQuery(snap);
  return parseDocs(newsletterSchema, snap.docs);
}
