// The records of uploaded images and each member's allowance (Admin SDK), used
// by the upload endpoint (reserve, confirm, release), the scheduled clean-up and
// the account deletion (functions/). The rules are in src/domain/media/media-upload.ts.
// - media_uploads/{uploadId}: mediaUploadSchema;
// - media_usage/{uid} = { bytes, attempts, updated_at }: the allowance in use.
// Both change together in transactions, so concurrent uploads on any number of
// server instances never pass the limits, and the bytes always equal the sum
// of the member's records. firestore.rules has no match for either collection,
// so no client can read or write them.
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  decideUpload,
  mediaUploadSchema,
  ORPHAN_AGE_MS,
  uploadIdOfFolder,
  type MediaUpload,
  type MediaUsage,
  type UploadQuotaRefusal,
} from '../../../domain/media/media-upload.ts';
import type { UploadKind } from '../../../domain/media/media-image.ts';

export const MEDIA_UPLOADS = 'media_uploads';
export const MEDIA_USAGE = 'media_usage';

/** Records deleted per batch when a member's records go. */
const PAGE_SIZE = 200;

const ownerQueues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` after every earlier `oneUploadAtATime` of the same member on this
 * server instance has finished. The transactions alone keep the limits exact on
 * any number of instances, but a burst of one member's uploads would make them
 * contend for the one usage document until Firestore aborts them; in a queue
 * each finishes at once, the surplus is refused with 429, and one member never
 * holds more than one image decoder of an instance.
 */
export function oneUploadAtATime<T>(ownerUid: string, work: () => Promise<T>): Promise<T> {
  const run = (ownerQueues.get(ownerUid) ?? Promise.resolve()).then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  ownerQueues.set(ownerUid, settled);
  void settled.then(() => {
    if (ownerQueues.get(ownerUid) === settled) ownerQueues.delete(ownerUid);
  });
  return run;
}

/** An upload about to be decoded and stored. */
export interface UploadReservation {
  /** The fresh id of its folder (and of its record). */
  uploadId: string;
  /** Whose folder and quota. */
  ownerUid: string;
  /** Who sent it. */
  uploadedBy: string;
  kind: UploadKind;
  /** The body's size: what it counts against the quota until it is stored. */
  bytes: number;
  /** When (ms since epoch). */
  now: number;
}

/** An upload's record with its id. */
export interface UploadRecord extends MediaUpload {
  id: string;
}

function usageOf(data: DocumentData | undefined): MediaUsage {
  const bytes = typeof data?.bytes === 'number' && data.bytes > 0 ? data.bytes : 0;
  const attempts = Array.isArray(data?.attempts)
    ? data.attempts.filter((time): time is number => typeof time === 'number')
    : [];
  return { bytes, attempts };
}

function recordOf(id: string, data: DocumentData | undefined): UploadRecord {
  const plain = Object.fromEntries(
    Object.entries(data ?? {}).map(([key, value]) => [
      key,
      value instanceof Timestamp ? value.toDate() : value,
    ]),
  );
  return { id, ...mediaUploadSchema.parse(plain) };
}

/**
 * Counts an upload against its owner's rate and quota and records it as
 * pending, in one transaction; 'reserved', or the refusal (nothing recorded).
 */
export async function reserveUpload(
  db: Firestore,
  upload: UploadReservation,
): Promise<'reserved' | UploadQuotaRefusal> {
  const usageRef = db.collection(MEDIA_USAGE).doc(upload.ownerUid);
  const recordRef = db.collection(MEDIA_UPLOADS).doc(upload.uploadId);
  return db.runTransaction(async (tx) => {
    const decision = decideUpload(usageOf((await tx.get(usageRef)).data()), upload.bytes, upload.now);
    if (!decision.allowed) return decision.refusal;
    tx.set(usageRef, { ...decision.usage, updated_at: FieldValue.serverTimestamp() });
    tx.create(recordRef, {
      owner_uid: upload.ownerUid,
      uploaded_by: upload.uploadedBy,
      kind: upload.kind,
      folder: `${upload.ownerUid}/${upload.kind}/${upload.uploadId}`,
      url: null,
      bytes: upload.bytes,
      status: 'pending',
      created_at: Timestamp.fromMillis(upload.now),
      check_after: Timestamp.fromMillis(upload.now + ORPHAN_AGE_MS),
    } satisfies Record<keyof MediaUpload, unknown>);
    return 'reserved';
  });
}

/** Marks a reserved upload stored at `url`, counting the stored files' `bytes` instead of the body's. */
export async function confirmUpload(
  db: Firestore,
  uploadId: string,
  stored: { url: string; bytes: number },
): Promise<void> {
  const recordRef = db.collection(MEDIA_UPLOADS).doc(uploadId);
  await db.runTransaction(async (tx) => {
    const record = await tx.get(recordRef);
    if (!record.exists) throw new Error(`no upload record ${uploadId}`);
    const { owner_uid, bytes } = recordOf(record.id, record.data());
    tx.update(recordRef, { status: 'stored', url: stored.url, bytes: stored.bytes });
    tx.set(
      db.collection(MEDIA_USAGE).doc(owner_uid),
      { bytes: FieldValue.increment(stored.bytes - bytes), updated_at: FieldValue.serverTimestamp() },
      { merge: true },
    );
  });
}

/** Deletes an upload's record and gives its bytes back, in `tx` (reads first, as transactions require). */
async function releaseIn(db: Firestore, tx: Transaction, uploadId: string): Promise<UploadRecord | null> {
  const recordRef = db.collection(MEDIA_UPLOADS).doc(uploadId);
  const record = await tx.get(recordRef);
  if (!record.exists) return null;
  const upload = recordOf(record.id, record.data());
  const usageRef = db.collection(MEDIA_USAGE).doc(upload.owner_uid);
  const usage = usageOf((await tx.get(usageRef)).data());
  tx.delete(recordRef);
  tx.set(
    usageRef,
    { bytes: Math.max(0, usage.bytes - upload.bytes), updated_at: FieldValue.serverTimestamp() },
    { merge: true },
  );
  return upload;
}

/**
 * Forgets an upload whose files are gone or were never stored (a refused
 * decode, a failed store, a removed folder): deletes its record and frees its
 * bytes. The upload still counts towards the hour's rate. A no-op when there is
 * no such record.
 */
export async function releaseUpload(db: Firestore, uploadId: string): Promise<void> {
  await db.runTransaction((tx) => releaseIn(db, tx, uploadId));
}

/** releaseUpload for the upload stored in a media folder `{uid}/{kind}/{uploadId}`; a no-op for any other folder. */
export async function releaseUploadFolder(db: Firestore, folder: string): Promise<void> {
  const uploadId = uploadIdOfFolder(folder);
  if (uploadId !== null) await releaseUpload(db, uploadId);
}

/** Uploads whose reference check is due at `now` (check_after passed), oldest first, at most `limit`. */
export async function uploadsDueForCheck(db: Firestore, now: number, limit: number): Promise<UploadRecord[]> {
  const due = await db
    .collection(MEDIA_UPLOADS)
    .where('check_after', '<=', Timestamp.fromMillis(now))
    .orderBy('check_after')
    .limit(limit)
    .get();
  return due.docs.map((doc) => recordOf(doc.id, doc.data()));
}

/** Marks an upload as referenced: the clean-up never checks it again. */
export async function settleUpload(db: Firestore, uploadId: string): Promise<void> {
  await db.collection(MEDIA_UPLOADS).doc(uploadId).update({ check_after: FieldValue.delete() });
}

/**
 * Removes the record of an unreferenced upload and frees its bytes, unless it
 * was settled or removed meanwhile; returns the record removed, or null.
 */
export async function releaseIfUnsettled(db: Firestore, uploadId: string): Promise<UploadRecord | null> {
  return db.runTransaction(async (tx) => {
    const record = await tx.get(db.collection(MEDIA_UPLOADS).doc(uploadId));
    if (!record.exists || record.get('check_after') === undefined) return null;
    return releaseIn(db, tx, uploadId);
  });
}

/** Deletes every upload record of a member and their usage (an account deletion); safe to run again. */
export async function removeMemberUploads(db: Firestore, uid: string): Promise<void> {
  const records = db.collection(MEDIA_UPLOADS).where('owner_uid', '==', uid);
  for (;;) {
    const page = await records.select().limit(PAGE_SIZE).get();
    if (page.empty) break;
    const batch = db.batch();
    page.docs.forEach((doc) => batch.delete(doc.ref));
    await batch.commit();
  }
  await db.collection(MEDIA_USAGE).doc(uid).delete();
}
