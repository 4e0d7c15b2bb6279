import { onDocumentWritten, type FirestoreEvent } from 'firebase-functions/v2/firestore';
import { logger } from 'firebase-functions';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { db } from './firestore';
import type { CollectionName } from '../../src/domain/collections';

/**
 * Collections shown by pre-rendered pages: a change to any of them means the static
 * site is stale until it is built again. Profiles and books are absent on purpose:
 * their pages render on demand and expire from the CDN through cache headers, so
 * they never need a rebuild.
 */
export const PRERENDERED_COLLECTIONS = [
  'site_settings',
  'featured_books',
  'featured_profiles',
  'legal_documents',
  'page_content',
  'blog_posts',
  'newsletters',
  'advertisement_banners',
] as const satisfies readonly CollectionName[];

/** A collection whose changes trigger a site rebuild. */
export type PrerenderedCollection = (typeof PRERENDERED_COLLECTIONS)[number];

/**
 * Netlify build hook URL; unset or empty (the local default) means no rebuild is requested.
 * Set it in functions/.env.<project-id>, which firebase deploy loads into the environment.
 * A process.env read rather than defineString(): firebase-tools prompts for every
 * string param that no dotenv file sets, even one with a default, and that prompt
 * blocks `firebase emulators:exec` in tests and CI.
 */
export function deployHookUrl(): string {
  return process.env.DEPLOY_HOOK_URL ?? '';
}

/** Outcome of one rebuild request, as recorded in site_meta/rebuild.last_status. */
export type RebuildStatus = 'sent' | 'skipped-no-hook' | `failed: ${string}`;

/** Subset of fetch this module needs, so tests can pass a fake. */
export type Post = (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<{ ok: boolean; status: number }>;

/** Calls the deploy hook (when one is configured) and says what happened; never throws. */
export async function callDeployHook(
  hookUrl: string,
  collection: string,
  documentId: string,
  post: Post = fetch,
): Promise<RebuildStatus> {
  if (hookUrl.trim() === '') return 'skipped-no-hook';
  try {
    const url = new URL(hookUrl);
    // Netlify shows trigger_title in the deploy list, which tells editors why a build ran.
    url.searchParams.set('trigger_title', `Content changed: ${collection}`);
    const response = await post(url.toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ collection, document: documentId }),
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok ? 'sent' : `failed: HTTP ${response.status}`;
  } catch (error) {
    return `failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Records the latest rebuild attempt in site_meta/rebuild, for the admin dashboard and for tests. */
export async function recordRebuild(firestore: Firestore, collection: string, documentId: string, status: RebuildStatus): Promise<void> {
  await firestore.doc('site_meta/rebuild').set({
    last_requested_at: FieldValue.serverTimestamp(),
    last_collection: collection,
    last_document: `${collection}/${documentId}`,
    last_status: status,
  });
}

/**
 * Asks Netlify to rebuild after a content change. Every write requests a build:
 * Netlify queues them and content edits are rare, so no debouncing is needed.
 * A failed request is recorded, not thrown, because a retry cannot fix a bad hook URL.
 */
async function onContentWritten(collection: PrerenderedCollection, event: FirestoreEvent<unknown, Record<string, string>>) {
  const documentId = event.params.docId ?? '';
  const status = await callDeployHook(deployHookUrl(), collection, documentId);
  await recordRebuild(db(), collection, documentId, status);
  if (status.startsWith('failed')) logger.warn('rebuild request failed', { collection, documentId, status });
}

function rebuildTrigger(collection: PrerenderedCollection) {
  return onDocumentWritten(`${collection}/{docId}`, (event) => onContentWritten(collection, event));
}

/** One trigger per pre-rendered collection, deployed as requestRebuild-<collection>. */
export const requestRebuild = {
  siteSettings: rebuildTrigger('site_settings'),
  featuredBooks: rebuildTrigger('featured_books'),
  featuredProfiles: rebuildTrigger('featured_profiles'),
  legalDocuments: rebuildTrigger('legal_documents'),
  pageContent: rebuildTrigger('page_content'),
  blogPosts: rebuildTrigger('blog_posts'),
  newsletters: rebuildTrigger('newsletters'),
  advertisementBanners: rebuildTrigger('advertisement_banners'),
};
