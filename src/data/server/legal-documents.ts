import type { Firestore } from 'firebase-admin/firestore';
import { parseDoc } from '../firestore-convert.ts';
import { legalDocumentSchema, type LegalDocument, type LegalDocumentType } from '../../domain/legal-document.ts';
import { getDb } from './firestore.ts';
import { meterReads } from './read-meter.ts';

/** The stored terms or privacy document, or null when there is none. Read errors propagate so the page can show its fallback. */
export async function getLegalDocument(type: LegalDocumentType, db: Firestore = getDb()): Promise<LegalDocument | null> {
  const snap = await db.collection('legal_documents').doc(type).get();
  meterReads(1);
  return snap.exists ? parseDoc(legalDocumentSchema, snap.id, snap.data()) : null;
}
