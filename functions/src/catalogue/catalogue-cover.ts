// The books trigger's handler that copies a catalogue book's cover into the media store
// when the book was stored without one (the reading import adds books without waiting
// for covers; a reader's addition whose copy failed tries once more here). It copies
// the source's cover `source_cover_id`, then sets `cover_image` and clears the id,
// only while the book still has no cover. A cover that cannot be had clears the id:
// the book keeps its placeholder rather than asking the source again on every write.
import * as logger from 'firebase-functions/logger';
import type { DocChange, Handler } from '../shared/collection-trigger';
import { bookKindOf } from '../../../src/domain/accounts/visibility';
import { db, runTransactionWithRetry } from '../shared/firestore';
import { copyCover, dropCopiedCover } from './add-book';
import { openLibraryFromEnv } from './config';

export const catalogueCover: Handler = {
  name: 'catalogue cover',
  async run({ id, after }: DocChange) {
    if (!after || bookKindOf(after) !== 'catalogue') return;
    const coverId = after.source_cover_id;
    if (typeof coverId !== 'number' || (typeof after.cover_image === 'string' && after.cover_image !== ''))
      return;
    const url = await copyCover(openLibraryFromEnv(), coverId);
    const fs = db();
    const ref = fs.collection('books').doc(id);
    const written = await runTransactionWithRetry(fs, async (tx) => {
      const now = await tx.get(ref);
      if (!now.exists || now.get('source_cover_id') !== coverId) return false;
      const hasCover = typeof now.get('cover_image') === 'string' && now.get('cover_image') !== '';
      tx.update(
        ref,
        hasCover || !url ? { source_cover_id: null } : { cover_image: url, source_cover_id: null },
      );
      return !hasCover && url !== null;
    });
    if (!written) await dropCopiedCover(url);
    logger.info('catalogue cover', { book: id, copied: written });
    return { copied: written };
  },
};
