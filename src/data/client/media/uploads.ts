/**
 * Sending an image to the upload endpoint (src/pages/api/uploads/[kind].ts) from
 * an island. XMLHttpRequest rather than fetch, because only it reports upload
 * progress. The endpoint decides everything; the checks here (signed in, size,
 * first bytes) only spare a person a pointless wait, with the same messages.
 */
import { FirebaseError } from 'firebase/app';
import {
  clientCheck,
  NETWORK_ERROR_TOAST,
  refusalToast,
  SNIFF_BYTES,
  uploadErrorSchema,
  uploadResponseSchema,
  type UploadResponse,
  type UploadToast,
} from '../../../domain/media/image-upload.ts';
import type { UploadKind } from '../../../domain/media/media-image.ts';
import { currentIdToken } from '../shared/auth.ts';

/** How an upload ended: the stored image, or the toast to show. */
export type UploadOutcome = { ok: true; image: UploadResponse } | { ok: false; toast: UploadToast };

/** What to upload and for whom. */
export interface UploadRequest {
  kind: UploadKind;
  file: Blob;
  /** Whose image (the signed-in member's own uid, or another member's for an admin). */
  userId: string;
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** The browser's checks, before any request: null when the file may be sent. */
export async function checkBeforeUpload(
  kind: UploadKind,
  file: Blob,
  token: string | null,
): Promise<UploadToast | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return clientCheck(kind, { size: file.size, head }, token !== null);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Sends the file as the raw body with the member's ID token; never throws. */
export async function uploadImage({ kind, file, userId, onProgress }: UploadRequest): Promise<UploadOutcome> {
  let token: string | null;
  try {
    token = await currentIdToken();
  } catch (error) {
    // Refreshing an expired token needs the network; any other failure means the session is gone.
    if (error instanceof FirebaseError && error.code === 'auth/network-request-failed')
      return { ok: false, toast: NETWORK_ERROR_TOAST };
    token = null;
  }
  const refusal = await checkBeforeUpload(kind, file, token);
  if (refusal) return { ok: false, toast: refusal };

  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/uploads/${kind}?userId=${encodeURIComponent(userId)}`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // The server reads the bytes, not this header; octet-stream keeps the request from looking like a form post.
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      const image = uploadResponseSchema.safeParse(body);
      if (xhr.status >= 200 && xhr.status < 300 && image.success) {
        onProgress?.(1);
        resolve({ ok: true, image: image.data });
        return;
      }
      const error = uploadErrorSchema.safeParse(body);
      resolve({ ok: false, toast: refusalToast(kind, xhr.status, error.success ? error.data.error : null) });
    };
    xhr.onerror = () => resolve({ ok: false, toast: NETWORK_ERROR_TOAST });
    xhr.onabort = () => resolve({ ok: false, toast: NETWORK_ERROR_TOAST });
    xhr.send(file);
  });
}
