import type { Firestore } from 'firebase-admin/firestore';
import { tryParseDoc } from '../../firestore-convert.ts';
import {
  legalDocumentSchema,
  type LegalDocument,
  type LegalDocumentType,
} from '../../../domain/site/legal-document.ts';
import { getDb } from '../shared/firestore.ts';
import { meterReads } from '../shared/read-meter.ts';

/**
 * The stored terms or privacy document, or null when there is none or it fails
 * the schema (logged). Read errors propagate; the page shows its fallback for both.
 */
export async function getLegalDocument(
  type: LegalDocumentType,
  db: Firestore = getDb(),
): Promise<LegalDocument | null> {
  const snap = await db.collection('legal_documents').doc(type).get();
  meterReads(1);
  return snap.exists ? tryParseDoc(legalDocumentSchema, snap) : null;
}
