/**
 * The publish pipeline for the admin dashboard: a live view of site_meta/publish (admins
 * may read it, firestore.rules) and the "Publish now" callable. Loaded lazily by
 * src/islands/admin/PublishStatus.tsx.
 */
import { doc, onSnapshot, type Unsubscribe } from 'firebase/firestore';
import {
  INITIAL_PUBLISH_STATUS,
  PUBLISH_STATUS_PATH,
  publishStatusSchema,
  type PublishStatus,
} from '../../../domain/publish/publish.ts';
import { tryParseDoc } from '../../firestore-convert.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { realtimeDb as db } from '../shared/firestore-realtime.ts';

/**
 * Calls `onChange` with the pipeline's status now and on every change (a missing or
 * unreadable document is the initial status), `onError` when the listener fails
 * (for example, the reader is not an administrator).
 */
export function watchPublishStatus(
  onChange: (status: PublishStatus) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  return onSnapshot(
    doc(db(), PUBLISH_STATUS_PATH),
    (snapshot) =>
      onChange(
        (snapshot.exists() ? tryParseDoc(publishStatusSchema, snapshot) : null) ?? INITIAL_PUBLISH_STATUS,
      ),
    onError,
  );
}

/** Asks for a publish now (administrators only); never throws. */
export function requestPublish(): Promise<CallOutcome<{ scheduled: boolean }>> {
  return callFunction('requestPublish', {});
}
