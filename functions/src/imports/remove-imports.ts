// Account deletion's part of the import: a member's imports, kept rows and waiting ratings.
import type { Firestore } from 'firebase-admin/firestore';
import {
  IMPORT_PENDING_REVIEWS,
  READING_IMPORTS,
  UNMATCHED_READS,
} from '../../../src/domain/imports/reading-import';

/** Removes a member's imports (with their chunks), rows not on Shelfmark yet and waiting ratings (account deletion). */
export async function removeMemberImports(fs: Firestore, uid: string): Promise<void> {
  const imports = await fs.collection(READING_IMPORTS).where('user_id', '==', uid).select().get();
  for (const doc of imports.docs) await fs.recursiveDelete(doc.ref);
  for (const collection of [UNMATCHED_READS, IMPORT_PENDING_REVIEWS])
    for (;;) {
      const page = await fs.collection(collection).where('user_id', '==', uid).select().limit(200).get();
      if (page.empty) break;
      const batch = fs.batch();
      page.docs.forEach((doc) => batch.delete(doc.ref));
      await batch.commit();
    }
}
