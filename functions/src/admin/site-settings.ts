import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  adminSiteSettingsRequestSchema,
  titlesFollowingGlobal,
  type AdminSiteSettingsRequest,
  type SiteSettingsEdit,
} from '../../../src/domain/admin/admin-site-settings';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { db } from '../shared/firestore';
import { auditInTransaction, changedFields } from '../shared/audit';
import { guardedCall } from '../shared/guard';
import { SITE_SETTINGS_DOC_ID } from '../../../src/domain/shared/collections';

/** Books updated per batch when the global free-preview title changes. */
const PAGE_SIZE = 200;

function settingsRef(firestore: Firestore) {
  return firestore.collection('site_settings').doc(SITE_SETTINGS_DOC_ID);
}

/** Saves the given settings fields with who and when, and the audit entry of what changed (before → after). */
export async function saveSettings(
  firestore: Firestore,
  actorUid: string,
  settings: SiteSettingsEdit,
  action = 'save-settings',
): Promise<void> {
  const ref = settingsRef(firestore);
  await firestore.runTransaction(async (tx) => {
    const stored = (await tx.get(ref)).data() ?? {};
    const diff = changedFields(stored, settings as Record<string, unknown>);
    tx.set(
      ref,
      { ...settings, updated_by: actorUid, updated_at: FieldValue.serverTimestamp() },
      { merge: true },
    );
    auditInTransaction(tx, firestore, { actorUid, action, targetUid: null, ...diff });
  });
}

/**
 * Sets the global free-preview title, then gives it to every book whose title
 * follows the global one (empty, the default, or the previous global title).
 * Returns how many books changed.
 */
export async function setFreePreviewTitle(
  firestore: Firestore,
  actorUid: string,
  title: string,
): Promise<{ updatedBooks: number }> {
  const previous = (await settingsRef(firestore).get()).get('global_free_preview_title') as
    string | undefined;
  await saveSettings(
    firestore,
    actorUid,
    { global_free_preview_title: title } as SiteSettingsEdit,
    'set-free-preview-title',
  );
  const following = titlesFollowingGlobal(previous).filter((value) => value !== title);
  let updatedBooks = 0;
  const books = firestore.collection('books');
  for (const query of [
    books.where('free_preview_title', 'in', following),
    books.where('free_preview_title', '==', null),
  ]) {
    for (;;) {
      const page = await query.select().limit(PAGE_SIZE).get();
      if (page.empty) break;
      const batch = firestore.batch();
      page.docs.forEach((doc) => batch.update(doc.ref, { free_preview_title: title }));
      await batch.commit();
      updatedBooks += page.size;
    }
  }
  return { updatedBooks };
}

/**
 * Site settings (branding, logo, menu, social links, the global free-preview title),
 * for callers with the `admin` claim only; the publish pipeline republishes the
 * pre-rendered pages when site_settings changes.
 */
export const adminSiteSettings = guardedCall(
  'admin',
  async (request, caller) => {
    const actorUid = caller.uid;
    const parsed = adminSiteSettingsRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const data: AdminSiteSettingsRequest = parsed.data;
    try {
      if (data.action === 'save-settings') {
        await saveSettings(db(), actorUid, data.settings);
        return { saved: true };
      }
      return await setFreePreviewTitle(db(), actorUid, data.title);
    } catch (error) {
      logger.error('adminSiteSettings failed', { action: data.action, error });
      throw new HttpsError(
        'internal',
        data.action === 'save-settings' ? 'Failed to update site settings' : 'Failed to update global title.',
      );
    }
  },
  { call: { timeoutSeconds: 300 } },
);
