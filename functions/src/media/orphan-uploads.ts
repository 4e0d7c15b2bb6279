import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import {
  MEDIA_REFERENCE_FIELDS,
  sectionsShowAny,
  uploadUrlVariants,
} from '../../../src/domain/media/media-upload';
import type { MediaStore } from '../../../src/data/server/media/media-store';
import {
  releaseIfUnsettled,
  settleUpload,
  uploadsDueForCheck,
  type UploadRecord,
} from '../../../src/data/server/media/media-uploads';
import { db } from '../shared/firestore';
import { functionsMediaStore } from './media';

/** Most uploads one run checks; the next run takes the rest. */
const RUN_LIMIT = 300;

/** What one clean-up run did. */
export interface OrphanSweep {
  /** Upload ids removed with their files. */
  removed: string[];
  /** Upload ids found referenced, never checked again. */
  kept: string[];
}

/**
 * Whether any document shows the upload: one equality query per reference
 * field (MEDIA_REFERENCE_FIELDS) for any of its widths, then the image
 * sections of its owner's books. Each query stops at the first match.
 */
export async function isReferenced(
  firestore: Firestore,
  upload: Pick<UploadRecord, 'url' | 'owner_uid'>,
): Promise<boolean> {
  if (upload.url === null) return false;
  const urls = uploadUrlVariants(upload.url);
  for (const { collection, field } of MEDIA_REFERENCE_FIELDS) {
    const match = await firestore.collection(collection).where(field, 'in', urls).select().limit(1).get();
    if (!match.empty) return true;
  }
  const books = await firestore
    .collection('books')
    .where('user_id', '==', upload.owner_uid)
    .select('sections')
    .get();
  return books.docs.some((book) => sectionsShowAny(book.get('sections'), urls));
}

/**
 * The clean-up: every upload older than ORPHAN_AGE_MS (its check_after passed)
 * that nothing references is removed with its files and its bytes are freed;
 * a referenced one is settled. An upload still pending then (its request
 * crashed midway) has no URL and is removed too. Safe to run at any time and
 * twice: a removed upload has no record, a settled one is not due.
 */
export async function removeOrphanUploads(
  firestore: Firestore,
  media: MediaStore,
  now = Date.now(),
): Promise<OrphanSweep> {
  const sweep: OrphanSweep = { removed: [], kept: [] };
  for (const upload of await uploadsDueForCheck(firestore, now, RUN_LIMIT)) {
    try {
      if (await isReferenced(firestore, upload)) {
        await settleUpload(firestore, upload.id);
        sweep.kept.push(upload.id);
        continue;
      }
      // Files first: a failure leaves the record, so the next run tries again.
      await media.removeFolder(upload.folder);
      if (await releaseIfUnsettled(firestore, upload.id)) sweep.removed.push(upload.id);
    } catch (error) {
      logger.error('orphan uploads: one upload could not be checked', { upload: upload.id, error });
    }
  }
  return sweep;
}

/** Every hour, removes the uploads that nothing has referenced for a day (see removeOrphanUploads). */
export const removeOrphanUploadsHourly = onSchedule('every 60 minutes', async () => {
  const sweep = await removeOrphanUploads(db(), functionsMediaStore());
  if (sweep.removed.length > 0 || sweep.kept.length > 0)
    logger.info('orphan uploads', { removed: sweep.removed.length, kept: sweep.kept.length });
});
