// The demo reader's import: finished, with two ratings of books on their Read shelf
// waiting for them (the notice on /account), none of a book they reviewed or own.
import { describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/seed/generate.ts';
import { validateDocs } from '../../../scripts/seed/validate.ts';

const docs = validateDocs(generate({ mediaUrl: (path: string) => `/media/${path}` }).docs);
const of = (collection: string) => docs.filter((d) => d.collection === collection);

describe('the demo reading import', () => {
  it('leaves the demo reader two waiting ratings of books on their Read shelf that they have not reviewed', () => {
    const waiting = of('import_pending_reviews');
    expect(waiting).toHaveLength(2);
    const uid = String(waiting[0]!.data.user_id);
    expect(uid).toBe('demo-reader');
    expect(of('reading_imports').map((d) => [d.data.user_id, d.data.status])).toEqual([[uid, 'done']]);
    for (const pending of waiting) {
      expect(pending.data).toMatchObject({ user_id: uid, status: 'waiting' });
      const bookId = String(pending.data.book_id);
      const shelf = of('book_shelves').find((d) => d.data.user_id === uid && d.data.book_id === bookId);
      expect(shelf?.data.shelf).toBe('read');
      // Finished, as a Read book is, and counted in its year.
      expect(of('read_throughs').some((d) => d.data.user_id === uid && d.data.book_id === bookId)).toBe(true);
      expect(of('book_reviews').some((d) => d.data.user_id === uid && d.data.book_id === bookId)).toBe(false);
      expect(of('books').find((b) => b.id === bookId)?.data.user_id).not.toBe(uid);
    }
  });
});
