// POST /api/uploads/{kind}[?userId=…]: one image as the raw request body, sent by
// src/data/client/media/uploads.ts. The order of the checks is deliberate: who is asking
// before reading a byte of the body, the size while reading it (never buffering
// more than the limit), the magic bytes, then the owner's upload rate and storage
// quota (src/domain/media/media-upload.ts, kept in Firestore so they hold across server
// instances; 429 when used up) before decoding, and the pixel count from the
// header before decoding pixels. Each refusal answers `{ error }` with its status
// and stores nothing. Success answers `{ url, srcset, width, height }` and leaves
// a record of the upload (src/data/server/media/media-uploads.ts), which the scheduled
// clean-up removes with the files when nothing references them a day later.
import type { APIRoute } from 'astro';
import {
  BAD_USER_ID_MESSAGE,
  bytesRefusal,
  isUploadKind,
  MAX_UPLOAD_BYTES,
  SNIFF_BYTES,
  UNKNOWN_KIND_MESSAGE,
  UPLOAD_STATUS,
  UPLOAD_USER_ID_PATTERN,
  uploadMessages,
  uploadRefusal,
  type UploadMessageKey,
} from '../../../domain/media/image-upload.ts';
import { isAdminOnlyUploadKind, type UploadKind } from '../../../domain/media/media-image.ts';
import { bearerToken, memberStanding, verifyCaller } from '../../../data/server/accounts/auth.ts';
import { getDb } from '../../../data/server/shared/firestore.ts';
import { mediaStore } from '../../../data/server/media/media-store.ts';
import {
  confirmUpload,
  oneUploadAtATime,
  releaseUpload,
  reserveUpload,
} from '../../../data/server/media/media-uploads.ts';
import {
  encodeVariants,
  newUploadId,
  readCappedBody,
  storeUpload,
} from '../../../data/server/media/uploads.ts';

export const prerender = false;

/** A JSON answer that no cache keeps: it depends on who asked. */
function json(status: number, body: object): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store' },
  });
}

const refuse = (kind: UploadKind, key: UploadMessageKey) =>
  json(UPLOAD_STATUS[key], { error: uploadMessages(kind)[key] });

export const POST: APIRoute = async ({ params, request, url }) => {
  const kind = params.kind;
  if (!isUploadKind(kind)) return json(404, { error: UNKNOWN_KIND_MESSAGE });
  try {
    return await upload(kind, request, url);
  } catch (error) {
    // Auth or Firestore unreachable, the body cut off mid-way, a store failure: never an HTML error page.
    console.error('An upload failed:', error);
    return refuse(kind, 'failed');
  }
};

/** The checks in order, then encoding and storing; throws only on our own failures. */
async function upload(kind: UploadKind, request: Request, url: URL): Promise<Response> {
  const token = bearerToken(request.headers.get('Authorization'));
  if (!token) return refuse(kind, 'signIn');
  const caller = await verifyCaller(token);
  if (!caller) return refuse(kind, 'badToken');

  // The logo and banner kinds belong to the site, not a member: only the admin
  // claim opens them, and they are stored under the admin's own uid.
  const adminKind = isAdminOnlyUploadKind(kind);
  if (adminKind && !caller.admin) return refuse(kind, 'adminOnly');
  const targetUid = adminKind ? caller.uid : url.searchParams.get('userId') || caller.uid;
  if (!adminKind) {
    if (!UPLOAD_USER_ID_PATTERN.test(targetUid)) return json(400, { error: BAD_USER_ID_MESSAGE });
    const own = caller.admin ? null : await memberStanding(caller.uid);
    const target = caller.admin ? await memberStanding(targetUid) : own;
    const refusal = uploadRefusal(caller, own, targetUid, target);
    if (refusal) return refuse(kind, refusal);
  }

  // A declared length over the limit is refused before reading; a false one is caught while reading.
  if (Number(request.headers.get('Content-Length') ?? 0) > MAX_UPLOAD_BYTES) return refuse(kind, 'tooLarge');
  const body = await readCappedBody(request.body, MAX_UPLOAD_BYTES);
  if (body === 'tooLarge') return refuse(kind, 'tooLarge');
  const bytesProblem = bytesRefusal(body.subarray(0, Math.max(SNIFF_BYTES, 1024)), body.length);
  if (bytesProblem) return refuse(kind, bytesProblem);

  return oneUploadAtATime(targetUid, () => reserveAndStore(kind, caller.uid, targetUid, body));
}

/** Counts the upload against the owner's allowance, then decodes, stores and records it. */
async function reserveAndStore(
  kind: UploadKind,
  uploaderUid: string,
  targetUid: string,
  body: Buffer,
): Promise<Response> {
  const db = getDb();
  const uploadId = newUploadId();
  const reserved = await reserveUpload(db, {
    uploadId,
    ownerUid: targetUid,
    uploadedBy: uploaderUid,
    kind,
    bytes: body.length,
    now: Date.now(),
  });
  if (reserved !== 'reserved') return refuse(kind, reserved);
  const store = mediaStore();
  try {
    const variants = await encodeVariants(body);
    if (typeof variants === 'string') {
      await releaseUpload(db, uploadId);
      return refuse(kind, variants);
    }
    const stored = await storeUpload(store, targetUid, kind, variants, uploadId);
    await confirmUpload(db, uploadId, {
      url: stored.url,
      bytes: variants.reduce((sum, variant) => sum + variant.bytes.length, 0),
    });
    return json(201, stored);
  } catch (error) {
    // Nothing half-done stays: no files without a record, no record holding quota for no files.
    await store.removeFolder(`${targetUid}/${kind}/${uploadId}`).catch(() => {});
    await releaseUpload(db, uploadId).catch(() => {});
    throw error;
  }
}
