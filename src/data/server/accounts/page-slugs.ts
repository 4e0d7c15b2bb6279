// Reads of page_slugs/{slug}, the claims behind unique page slugs (written only by
// the server: sign-up and the profile save). The profile page reads a claim only
// when a slug matches no public profile, to send an old address on to the new one.
import type { Firestore } from 'firebase-admin/firestore';
import { pageSlugClaimSchema, type PageSlugClaim } from '../../../domain/accounts/page-slug-claim.ts';
import { PAGE_SLUG_PATTERN } from '../../../domain/shared/slug.ts';
import { tryParseDoc } from '../../firestore-convert.ts';
import { getDb } from '../shared/firestore.ts';
import { meterReads } from '../shared/read-meter.ts';

/** The claim of `slug`, or null when none exists, it fails its schema (logged) or the text cannot be a slug (no read then). */
export async function getPageSlugClaim(slug: string, db: Firestore = getDb()): Promise<PageSlugClaim | null> {
  if (!PAGE_SLUG_PATTERN.test(slug)) return null;
  const snap = await db.collection('page_slugs').doc(slug).get();
  meterReads(1);
  return snap.exists ? tryParseDoc(pageSlugClaimSchema, snap) : null;
}
