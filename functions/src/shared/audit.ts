import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';

/** One admin action for the audit log; before/after hold only the changed fields, never secrets. */
export interface AuditRecord {
  actorUid: string;
  action: string;
  targetUid: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

function entry(record: AuditRecord) {
  return {
    actor_uid: record.actorUid,
    action: record.action,
    target_uid: record.targetUid,
    before: record.before ?? null,
    after: record.after ?? null,
    at: FieldValue.serverTimestamp(),
  };
}

/**
 * Writes the audit entry in `tx`, so the change and its record commit together.
 * The collection is closed to every client (firestore.rules): only functions write it.
 */
export function auditInTransaction(tx: Transaction, firestore: Firestore, record: AuditRecord): void {
  tx.create(firestore.collection(ADMIN_AUDIT_COLLECTION).doc(), entry(record));
}

/** Writes the audit entry on its own (for changes outside Firestore: Auth passwords, accounts). */
export async function audit(firestore: Firestore, record: AuditRecord): Promise<void> {
  await firestore.collection(ADMIN_AUDIT_COLLECTION).add(entry(record));
}

/** The keys of `after` whose values differ from `before`, as two small maps. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}
