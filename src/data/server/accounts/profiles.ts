import type { Firestore, Query } from 'firebase-admin/firestore';
import { parseDocs, tryParseDoc } from '../../firestore-convert.ts';
import { profileSchema, type Profile } from '../../../domain/accounts/profile.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery, meterReads } from '../shared/read-meter.ts';

/** Profiles a visitor may see: active and approved (the same filter firestore.rules requires). */
function publicProfiles(db: Firestore): Query {
  return db.collection('profiles').where('is_active', '==', true).where('approval_status', '==', 'approved');
}

/** The newest public profiles, at most `limit` (fewer when some fail the schema: they are left out and logged). */
export async function getRecentPublicProfiles(limit: number, db: Firestore = getDb()): Promise<Profile[]> {
  const snap = await publicProfiles(db).orderBy('created_at', 'desc').limit(limit).get();
  meterQuery(snap);
  return parseDocs(profileSchema, snap.docs);
}

/** The public profile with this page slug, or null (also when its document fails the schema, which is logged). */
export async function getPublicProfileBySlug(slug: string, db: Firestore = getDb()): Promise<Profile | null> {
  const snap = await publicProfiles(db).where('page_slug', '==', slug).limit(1).get();
  meterQuery(snap);
  const doc = snap.docs[0];
  return doc ? tryParseDoc(profileSchema, doc) : null;
}

/** The profile `profiles/{uid}` whatever its state, or null when missing or failing the schema (logged). One read. */
export async function getProfileById(uid: string, db: Firestore = getDb()): Promise<Profile | null> {
  const snap = await db.collection('profiles').doc(uid).get();
  meterReads(1);
  return snap.exists ? tryParseDoc(profileSchema, snap) : null;
}
