import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { reportInvalidDoc, toPlainData } from '../../firestore-convert.ts';
import { TEXT_LIMITS } from '../../../domain/shared/common.ts';
import {
  resolveAboutContent,
  resolveMembershipContent,
  type AboutContent,
  type MembershipContent,
  type PageSlug,
} from '../../../domain/site/page-content.ts';
import { getDb } from '../shared/firestore.ts';
import { meterReads } from '../shared/read-meter.ts';

/** The page-level fields read leniently: a bad subtitle must not throw away good content, and vice versa. */
const storedMetaSchema = z.object({
  title: z.string().max(TEXT_LIMITS.title).optional().catch(undefined),
  subtitle: z.string().max(TEXT_LIMITS.line).nullish().catch(undefined),
  meta_description: z.string().max(TEXT_LIMITS.line).nullish().catch(undefined),
  is_published: z.boolean().default(true).catch(false),
});

/** What a content page renders: the resolved content and the page's meta texts (undefined where not stored). */
export interface ResolvedPage<C> {
  content: C;
  /** True when the stored, published content was used rather than the built-in default. */
  fromStore: boolean;
  title?: string;
  subtitle?: string;
  metaDescription?: string;
}

/** Reads page_content/{slug} as raw data, or null when it is missing. */
async function readStored(slug: PageSlug, db: Firestore): Promise<Record<string, unknown> | null> {
  const snap = await db.collection('page_content').doc(slug).get();
  meterReads(1);
  return snap.exists ? (toPlainData(snap.data()) as Record<string, unknown>) : null;
}

/**
 * Loads a content page, falling back to the built-in default content when the
 * document is missing, unpublished, invalid or cannot be read. Meta
 * texts are used only with published content.
 */
async function loadPage<C>(
  slug: PageSlug,
  resolve: (stored: unknown, isPublished: boolean) => C,
  db: Firestore,
): Promise<ResolvedPage<C>> {
  let stored: Record<string, unknown> | null = null;
  try {
    stored = await readStored(slug, db);
  } catch (error) {
    console.error(`Failed to load page content '${slug}'; using the built-in default.`, error);
  }
  const fallback = resolve(undefined, false);
  if (!stored) return { content: fallback, fromStore: false };
  const meta = storedMetaSchema.parse(stored);
  const content = resolve(stored.content, meta.is_published);
  // The resolvers return the default object itself when they reject the stored content.
  if (content === fallback) {
    if (meta.is_published)
      reportInvalidDoc(
        `page_content/${slug}`,
        'content does not match the schema; the built-in default is shown',
      );
    return { content, fromStore: false };
  }
  return {
    content,
    fromStore: true,
    title: meta.title || undefined,
    subtitle: meta.subtitle || undefined,
    metaDescription: meta.meta_description || undefined,
  };
}

/** The about page's content (stored if published and valid, else the default). */
export function getAboutPage(db: Firestore = getDb()): Promise<ResolvedPage<AboutContent>> {
  return loadPage('about', resolveAboutContent, db);
}

/** The membership page's content (stored if published and valid, else the default). */
export function getMembershipPage(db: Firestore = getDb()): Promise<ResolvedPage<MembershipContent>> {
  return loadPage('membership', resolveMembershipContent, db);
}
