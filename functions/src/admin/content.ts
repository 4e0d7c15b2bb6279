import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { adminContentRequestSchema, type AdminContentRequest } from '../../../src/domain/admin/admin-content';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { renderMarkdown } from '../../../src/security/markdown';
import { db } from '../shared/firestore';
import { auditInTransaction, changedFields } from '../shared/audit';
import { guardedCall } from '../shared/guard';

type Save = Extract<AdminContentRequest, { action: 'save-page' | 'save-legal' }>;
type BannerRequest = Extract<
  AdminContentRequest,
  { action: 'create-banner' | 'set-banner-active' | 'delete-banner' }
>;

/** Saves a page or legal document with who and when (the server's time), and the audit entry of what changed. */
export async function saveContent(firestore: Firestore, actorUid: string, request: Save): Promise<void> {
  const [ref, fields] =
    request.action === 'save-page'
      ? [
          firestore.collection('page_content').doc(request.page.page_slug),
          { ...request.page, updated_by: actorUid },
        ]
      : [
          firestore.collection('legal_documents').doc(request.document_type),
          {
            document_type: request.document_type,
            title: request.title,
            content: request.content,
            updated_by: actorUid,
          },
        ];
  await firestore.runTransaction(async (tx) => {
    const stored = (await tx.get(ref)).data() ?? {};
    const diff = changedFields(stored, fields);
    const time =
      request.action === 'save-page'
        ? { updated_at: FieldValue.serverTimestamp() }
        : { last_updated_at: FieldValue.serverTimestamp() };
    tx.set(ref, { ...fields, ...time });
    auditInTransaction(tx, firestore, {
      actorUid,
      action: request.action,
      targetUid: null,
      before: { id: ref.path, ...diff.before },
      after: { id: ref.path, ...diff.after },
    });
  });
}

/** Creates, toggles or deletes an advertisement banner, with its audit entry. */
export async function changeBanner(
  firestore: Firestore,
  actorUid: string,
  request: BannerRequest,
): Promise<{ id: string }> {
  const banners = firestore.collection('advertisement_banners');
  const ref = request.action === 'create-banner' ? banners.doc() : banners.doc(request.bannerId);
  await firestore.runTransaction(async (tx) => {
    const stored = (await tx.get(ref)).data();
    if (request.action !== 'create-banner' && !stored)
      throw new HttpsError('not-found', 'This banner no longer exists.');
    if (request.action === 'create-banner') {
      tx.create(ref, { ...request.banner, created_by: actorUid, created_at: FieldValue.serverTimestamp() });
    } else if (request.action === 'set-banner-active') {
      tx.update(ref, { is_active: request.is_active });
    } else {
      tx.delete(ref);
    }
    const after =
      request.action === 'create-banner'
        ? request.banner
        : request.action === 'set-banner-active'
          ? { is_active: request.is_active }
          : null;
    auditInTransaction(tx, firestore, {
      actorUid,
      action: request.action,
      targetUid: null,
      before: stored
        ? { id: ref.path, title: stored.title ?? null, is_active: stored.is_active ?? null }
        : null,
      after: after ? { id: ref.path, ...after } : null,
    });
  });
  return { id: ref.id };
}

/**
 * About and membership content, and the terms and privacy documents, for callers
 * with the `admin` claim only. 'preview-legal' renders Markdown with the same
 * sanitiser as the public pages. The publish pipeline republishes the pages.
 */
export const adminContent = guardedCall('admin', async (request, caller) => {
  const actorUid = caller.uid;
  const parsed = adminContentRequestSchema.safeParse(request.data);
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  const data = parsed.data;
  if (data.action === 'preview-legal') return { html: renderMarkdown(data.content) };
  if (
    data.action === 'create-banner' ||
    data.action === 'set-banner-active' ||
    data.action === 'delete-banner'
  ) {
    try {
      return await changeBanner(db(), actorUid, data);
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('adminContent: banner change failed', { action: data.action, error });
      throw new HttpsError('internal', 'The banner could not be saved. Please try again.');
    }
  }
  try {
    await saveContent(db(), actorUid, data);
    return { saved: true };
  } catch (error) {
    logger.error('adminContent failed', { action: data.action, error });
    throw new HttpsError(
      'internal',
      data.action === 'save-page' ? 'Failed to save page content.' : 'Failed to save document.',
    );
  }
});
