import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { adminContentRequestSchema, type AdminContentRequest } from '../../../src/domain/admin-content';
import { firstErrorMessage } from '../../../src/domain/common';
import { renderMarkdown } from '../../../src/lib/markdown';
import { db } from '../firestore';
import { enforceAppCheck } from '../accounts/app-check';
import { auditInTransaction, changedFields } from './audit';
import { requireAdmin } from './users';

type Save = Exclude<AdminContentRequest, { action: 'preview-legal' }>;

/** Saves a page or legal document with who and when (the server's time), and the audit entry of what changed. */
export async function saveContent(firestore: Firestore, actorUid: string, request: Save): Promise<void> {
  const [ref, fields] =
    request.action === 'save-page'
      ? [firestore.collection('page_content').doc(request.page.page_slug), { ...request.page, updated_by: actorUid }]
      : [
          firestore.collection('legal_documents').doc(request.document_type),
          { document_type: request.document_type, title: request.title, content: request.content, updated_by: actorUid },
        ];
  await firestore.runTransaction(async (tx) => {
    const stored = (await tx.get(ref)).data() ?? {};
    const diff = changedFields(stored, fields);
    const time = request.action === 'save-page' ? { updated_at: FieldValue.serverTimestamp() } : { last_updated_at: FieldValue.serverTimestamp() };
    tx.set(ref, { ...fields, ...time });
    auditInTransaction(tx, firestore, { actorUid, action: request.action, targetUid: null, before: { id: ref.path, ...diff.before }, after: { id: ref.path, ...diff.after } });
  });
}

/**
 * About and membership content, and the terms and privacy documents, for callers
 * with the `admin` claim only. 'preview-legal' renders Markdown with the same
 * sanitiser as the public pages. The publish pipeline republishes the pages.
 */
export const adminContent = onCall({ enforceAppCheck: enforceAppCheck() }, async (request) => {
  const actorUid = requireAdmin(request);
  const parsed = adminContentRequestSchema.safeParse(request.data);
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  const data = parsed.data;
  if (data.action === 'preview-legal') return { html: renderMarkdown(data.content) };
  try {
    await saveContent(db(), actorUid, data);
    return { saved: true };
  } catch (error) {
    logger.error('adminContent failed', { action: data.action, error });
    throw new HttpsError('internal', data.action === 'save-page' ? 'Failed to save page content.' : 'Failed to save document.');
  }
});
