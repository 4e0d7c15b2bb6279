// Member content (profiles, books) is on on-demand pages, but a few pre-rendered blocks
// derive from it (home counts, newest authors). A member write notes itself once per
// live build; the hourly check (publish-functions.ts) publishes when a note is newer
// than the live build, so those blocks are never more than an hour old.
import type { Firestore } from 'firebase-admin/firestore';
import { parseDoc } from '../../../src/data/firestore-convert';
import {
  INITIAL_PUBLISH_STATUS,
  memberChangeToNote,
  publishStatusSchema,
} from '../../../src/domain/publish/publish';
import { statusRef, updateStatus } from './status-store';

/** Notes a member-content change at `at`, unless one is noted already since the live build. */
export async function noteMemberChange(firestore: Firestore, at: Date): Promise<void> {
  // A plain read first: most member writes find a note already and write nothing.
  const snapshot = await statusRef(firestore).get();
  const status = snapshot.exists
    ? parseDoc(publishStatusSchema, snapshot.id, snapshot.data(), 'site_meta')
    : INITIAL_PUBLISH_STATUS;
  if (!memberChangeToNote(status)) return;
  await updateStatus(firestore, (current) => ({
    update: memberChangeToNote(current) ? { member_changed_at: at } : {},
    result: undefined,
  }));
}
