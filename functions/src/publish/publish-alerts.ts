// The rebuild's alert (src/domain/shared/ops-alerts.ts): the publish status document
// (site_meta/publish) is where every rebuild ends, whoever ran it: the deploy hook
// failing on every attempt, Netlify's deploy notification of a failed or a published
// deploy, or the local build receiver. So its writes are what count: each move into
// 'failed' is one failure, each move into 'published' a success that starts the streak
// again, and two failures in a row open the alert.
import { PUBLISH_STATUS_PATH } from '../../../src/domain/publish/publish';
import { millisOf } from '../shared/firestore';
import { noteAlertEvent, noteAlertSuccess } from '../shared/ops-alerts';
import type { DocChange, Handler } from '../shared/collection-trigger';

/** The status document's id in site_meta. */
const STATUS_DOC_ID = PUBLISH_STATUS_PATH.split('/')[1];

/** What a write of the status document means for the rebuild's alert. */
export function publishOutcome(
  change: Pick<DocChange, 'id' | 'before' | 'after'>,
): 'failed' | 'published' | null {
  const { id, before, after } = change;
  if (id !== STATUS_DOC_ID || after === undefined) return null;
  if (after.state === 'failed') {
    const newFailure = before?.state !== 'failed' || millisOf(before.failed_at) !== millisOf(after.failed_at);
    return newFailure ? 'failed' : null;
  }
  if (after.state === 'published') {
    const newPublish =
      before?.state !== 'published' || millisOf(before.published_at) !== millisOf(after.published_at);
    return newPublish ? 'published' : null;
  }
  return null;
}

/** Handler of site_meta: counts the rebuild's failures and successes. */
export const publishAlerts: Handler = {
  name: 'publishAlerts',
  async run(change) {
    const outcome = publishOutcome(change);
    if (outcome === 'failed')
      await noteAlertEvent('publish', String(change.after?.error ?? '') || 'The rebuild failed', change.time);
    else if (outcome === 'published') await noteAlertSuccess('publish');
  },
};
