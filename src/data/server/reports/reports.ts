// Storing a report (src/domain/reports/report.ts) from POST /api/report, in one Firestore
// transaction: the client's throttle, whether visitors can see the item, the reporter's one
// open report on the item, and the new report. A report's id is a hash of the
// item and the reporter, so two reports from one reporter on one item (even
// concurrent ones) meet on one document: the second finds it open and changes
// nothing. A dismissed or actioned report may be followed by a new one.
import { createHash } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  isReportableItem,
  REPORT_ITEM_COLLECTIONS,
  REPORT_LIMITS_PER_CLIENT,
  REPORTS,
  reporterKey,
  reportItemDependency,
  reportItemKey,
  type Reporter,
  type ReportRequest,
} from '../../../domain/reports/report.ts';
import { decideFromLog, recordAttempt, throttleRef, type ThrottleSubject } from '../shared/throttle.ts';

/** What a report request came to. */
export type ReportOutcome = 'sent' | 'already' | 'unavailable' | 'tooMany';

/**
 * The hash that stands for a visitor's client address in a report: hex SHA-256,
 * so no address is stored, and one address is one reporter.
 */
export function clientHash(clientAddress: string): string {
  return createHash('sha256').update(`report-client:${clientAddress}`).digest('hex');
}

/** The id of `reporter`'s report on the item. */
export function reportId(request: Pick<ReportRequest, 'kind' | 'itemId'>, reporter: Reporter): string {
  return createHash('sha256')
    .update(`${reportItemKey(request.kind, request.itemId)}\n${reporterKey(reporter)}`)
    .digest('hex');
}

/**
 * Stores `request` from `reporter` (a visitor is named by their address's hash),
 * counted against `clientAddress`. A client over its limit is refused and nothing
 * is recorded; an item that does not exist, or that visitors cannot see
 * (isReportableItem: one more read for a product's or ad's owner or a review's
 * book), is 'unavailable' and files nothing; an open report by
 * the same reporter on the item is 'already' (counted, so a flood of repeats
 * still meets the limit).
 */
export async function submitReport(
  db: Firestore,
  request: ReportRequest,
  reporter: Reporter,
  clientAddress: string,
  now = new Date(),
): Promise<ReportOutcome> {
  const client: ThrottleSubject = {
    kind: 'report-ip',
    value: clientAddress,
    limits: REPORT_LIMITS_PER_CLIENT,
  };
  const logRef = throttleRef(db, client);
  const itemRef = db.collection(REPORT_ITEM_COLLECTIONS[request.kind]).doc(request.itemId);
  const reportRef = db.collection(REPORTS).doc(reportId(request, reporter));
  return db.runTransaction(async (tx) => {
    const [log, item, existing] = await tx.getAll(logRef, itemRef, reportRef);
    const decision = decideFromLog(log, client, now.getTime());
    if (!decision.allowed || !log) return 'tooMany';
    const data = item?.data();
    const dependency = data ? reportItemDependency(request.kind, data) : null;
    const related = dependency
      ? (await tx.get(db.collection(dependency.collection).doc(dependency.id))).data()
      : undefined;
    recordAttempt(tx, log, decision);
    if (!isReportableItem(request.kind, data, related)) return 'unavailable';
    if (existing?.exists && existing.get('status') === 'open') return 'already';
    tx.set(reportRef, {
      item: { kind: request.kind, id: request.itemId },
      item_key: reportItemKey(request.kind, request.itemId),
      reason: request.reason,
      note: request.note,
      reporter,
      status: 'open',
      created_at: Timestamp.fromDate(now),
    });
    return 'sent';
  });
}
