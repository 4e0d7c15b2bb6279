import { Timestamp, doc, getDoc, updateDoc, type DocumentData } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { actorLabel, dbAs, everyone, expectAllowed, expectDenied, uids, type Actor } from './helpers';
import { useSeededRulesEnv } from './shared/seeded-env';

// The moderation flag (src/domain/moderation.ts): a book or review an admin hid
// carries moderation_hidden: true, written only by the adminModeration function
// (Admin SDK). A hidden book is not public (is_public false), so only its owner
// and admins read it; a hidden review is read by its writer and admins, like any
// review. No client, the owner and admins included, sets or clears the flag.
const when = Timestamp.fromDate(new Date('2026-11-01T10:00:00Z'));
const hiddenBook: DocumentData = {
  user_id: uids.owner,
  title: 'Hidden Tides',
  is_active: true,
  owner_public: true,
  moderation_hidden: true,
  is_public: false,
  created_at: when,
};
const hiddenReview: DocumentData = {
  book_id: 'public-book',
  book_title: 'Tides',
  user_id: uids.owner,
  reviewer: { display_name: 'Alice', page_slug: 'alice' },
  rating: 1,
  reviewer_public: false,
  moderation_hidden: true,
  text: 'Rude words',
  created_at: when,
};

const env = useSeededRulesEnv('moderation-flag', () => ({
  [`profiles/${uids.owner}`]: { user_id: uids.owner, approval_status: 'approved', is_active: true },
  [`profiles/${uids.other}`]: { user_id: uids.other, approval_status: 'approved', is_active: true },
  'books/hidden-book': hiddenBook,
  'books/public-book': { ...hiddenBook, title: 'Tides', moderation_hidden: false, is_public: true },
  [`book_reviews/public-book__${uids.owner}`]: hiddenReview,
}));

const readers: readonly Actor[] = ['owner', 'admin'];

describe('a book hidden by moderation', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      const mayRead = readers.includes(actor);
      it(`get is ${mayRead ? 'allowed' : 'denied'}`, async () => {
        const read = getDoc(doc(dbAs(env(), actor), 'books/hidden-book'));
        await (mayRead ? expectAllowed(read) : expectDenied(read));
      });
      it('setting or clearing moderation_hidden is denied', async () => {
        const db = dbAs(env(), actor);
        await expectDenied(
          updateDoc(doc(db, 'books/hidden-book'), { moderation_hidden: false, is_public: true }),
        );
        await expectDenied(updateDoc(doc(db, 'books/public-book'), { moderation_hidden: true }));
      });
    });
  }
});

describe('a review hidden by moderation', () => {
  for (const actor of everyone) {
    describe(actorLabel[actor], () => {
      const mayRead = readers.includes(actor);
      it(`get is ${mayRead ? 'allowed' : 'denied'}`, async () => {
        const read = getDoc(doc(dbAs(env(), actor), `book_reviews/public-book__${uids.owner}`));
        await (mayRead ? expectAllowed(read) : expectDenied(read));
      });
      it('clearing moderation_hidden is denied', async () => {
        await expectDenied(
          updateDoc(doc(dbAs(env(), actor), `book_reviews/public-book__${uids.owner}`), {
            moderation_hidden: false,
            reviewer_public: true,
          }),
        );
      });
    });
  }
});
