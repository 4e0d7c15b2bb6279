import { Timestamp, deleteField, serverTimestamp, type DocumentData } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeEachActor,
  everyone,
  expectAllowed,
  expectDenied,
  listWhere,
  patchDoc,
  readDoc,
  storedAd,
  uids,
  writeDoc,
  type Actor,
} from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';

// The moderation flag (src/domain/admin/moderation.ts): a book, review, product/service,
// classified ad or blog post an admin hid carries moderation_hidden: true, written
// only by the adminModeration function (Admin SDK). A hidden book is not public
// (is_public false), so only its owner and admins read it; a hidden review is read
// by its writer and admins, like any review; a hidden product or ad by its owner
// and admins (its contact details too); a hidden blog post by admins. No client,
// the owner and admins included, sets or clears the flag, on create or edit.
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

const hiddenProduct: DocumentData = {
  user_id: uids.owner,
  title: 'Cover design',
  category: 'service',
  tags: [],
  is_active: true,
  is_featured: false,
  views_count: 0,
  moderation_hidden: true,
  created_at: when,
};
const hiddenAd = storedAd({ tags: ['signed'], moderation_hidden: true, created_at: when });
const hiddenPost: DocumentData = {
  title: 'Ten Questions',
  content: 'We asked ten members.',
  author: 'Shelfmark Team',
  is_published: true,
  moderation_hidden: true,
  created_by: uids.admin,
  created_at: when,
  updated_at: when,
};

const env = useSeededRulesEnv('moderation-flag', () => ({
  [`profiles/${uids.owner}`]: { user_id: uids.owner, approval_status: 'approved', is_active: true },
  [`profiles/${uids.other}`]: { user_id: uids.other, approval_status: 'approved', is_active: true },
  'books/hidden-book': hiddenBook,
  'books/public-book': { ...hiddenBook, title: 'Tides', moderation_hidden: false, is_public: true },
  [`book_reviews/public-book__${uids.owner}`]: hiddenReview,
  'products_services/hidden-product': hiddenProduct,
  'products_services/shown-product': { ...hiddenProduct, moderation_hidden: false },
  'classified_ads/hidden-ad': hiddenAd,
  'classified_ads/hidden-ad/private/contact': { contact_info: 'alice@example.com' },
  'classified_ads/shown-ad': { ...hiddenAd, moderation_hidden: false },
  'blog_posts/hidden-post': hiddenPost,
  'blog_posts/shown-post': { ...hiddenPost, moderation_hidden: false },
}));

const readers: readonly Actor[] = ['owner', 'admin'];

describe('a book hidden by moderation', () => {
  describeEachActor(everyone, '%s', (actor) => {
    const mayRead = readers.includes(actor);
    it(`get is ${mayRead ? 'allowed' : 'denied'}`, async () => {
      const read = readDoc(dbAs(env(), actor), 'books/hidden-book');
      await (mayRead ? expectAllowed(read) : expectDenied(read));
    });
    it('setting or clearing moderation_hidden is denied', async () => {
      const db = dbAs(env(), actor);
      await expectDenied(patchDoc(db, 'books/hidden-book', { moderation_hidden: false, is_public: true }));
      await expectDenied(patchDoc(db, 'books/public-book', { moderation_hidden: true }));
    });
  });
});

describe('a review hidden by moderation', () => {
  describeEachActor(everyone, '%s', (actor) => {
    const mayRead = readers.includes(actor);
    it(`get is ${mayRead ? 'allowed' : 'denied'}`, async () => {
      const read = readDoc(dbAs(env(), actor), `book_reviews/public-book__${uids.owner}`);
      await (mayRead ? expectAllowed(read) : expectDenied(read));
    });
    it('clearing moderation_hidden is denied', async () => {
      await expectDenied(
        patchDoc(dbAs(env(), actor), `book_reviews/public-book__${uids.owner}`, {
          moderation_hidden: false,
          reviewer_public: true,
        }),
      );
    });
  });
});

describe('a product/service hidden by moderation', () => {
  describeEachActor(everyone, '%s', (actor) => {
    const mayRead = readers.includes(actor);
    it(`get is ${mayRead ? 'allowed' : 'denied'}; the same item not hidden is read by a visitor`, async () => {
      const db = dbAs(env(), actor);
      await (mayRead ? expectAllowed : expectDenied)(readDoc(db, 'products_services/hidden-product'));
      if (actor === 'anonymous' || actor === 'other')
        await expectAllowed(readDoc(db, 'products_services/shown-product'));
    });
    it('setting or clearing moderation_hidden is denied (products are written by functions only)', async () => {
      const db = dbAs(env(), actor);
      await expectDenied(patchDoc(db, 'products_services/hidden-product', { moderation_hidden: false }));
      await expectDenied(
        patchDoc(db, 'products_services/hidden-product', { moderation_hidden: deleteField() }),
      );
      await expectDenied(patchDoc(db, 'products_services/shown-product', { moderation_hidden: true }));
      await expectDenied(
        writeDoc(db, 'products_services/hidden-product', { ...hiddenProduct, moderation_hidden: false }),
      );
    });
  });
});

describe('a classified ad hidden by moderation', () => {
  const editOf = (changes: DocumentData) => ({ ...changes, updated_at: serverTimestamp() });
  describeEachActor(everyone, '%s', (actor) => {
    const mayRead = readers.includes(actor);
    it(`get of the ad and its contact details is ${mayRead ? 'allowed' : 'denied'}`, async () => {
      const db = dbAs(env(), actor);
      await (mayRead ? expectAllowed : expectDenied)(readDoc(db, 'classified_ads/hidden-ad'));
      await (mayRead ? expectAllowed : expectDenied)(readDoc(db, 'classified_ads/hidden-ad/private/contact'));
      if (actor === 'anonymous' || actor === 'other')
        await expectAllowed(readDoc(db, 'classified_ads/shown-ad'));
    });
    it('setting or clearing moderation_hidden is denied, alone or with an edit', async () => {
      const db = dbAs(env(), actor);
      const hidden = 'classified_ads/hidden-ad';
      await expectDenied(patchDoc(db, hidden, editOf({ moderation_hidden: false })));
      await expectDenied(patchDoc(db, hidden, editOf({ moderation_hidden: deleteField() })));
      await expectDenied(patchDoc(db, hidden, editOf({ title: 'Renamed', moderation_hidden: false })));
      await expectDenied(writeDoc(db, hidden, { ...hiddenAd, moderation_hidden: false }));
      await expectDenied(patchDoc(db, 'classified_ads/shown-ad', editOf({ moderation_hidden: true })));
    });
  });
  it('a hidden ad stays unreadable to other members (its seller edits it through saveClassifiedAd, which never writes the flag)', async () => {
    await expectDenied(readDoc(dbAs(env(), 'other'), 'classified_ads/hidden-ad'));
  });
});

describe('a blog post hidden by moderation', () => {
  describeEachActor(everyone, '%s', (actor) => {
    const mayRead = actor === 'admin';
    it(`get is ${mayRead ? 'allowed' : 'denied'}; the same post not hidden is read by everyone`, async () => {
      const db = dbAs(env(), actor);
      await (mayRead ? expectAllowed : expectDenied)(readDoc(db, 'blog_posts/hidden-post'));
      await expectAllowed(readDoc(db, 'blog_posts/shown-post'));
    });
    it('setting or clearing moderation_hidden is denied, the blog form included', async () => {
      const db = dbAs(env(), actor);
      await expectDenied(
        patchDoc(db, 'blog_posts/hidden-post', {
          moderation_hidden: false,
          updated_at: serverTimestamp(),
        }),
      );
      await expectDenied(
        patchDoc(db, 'blog_posts/shown-post', {
          moderation_hidden: true,
          updated_at: serverTimestamp(),
        }),
      );
    });
  });
});

// The query checker takes a field a query does not filter as absent, so a list
// rule with the flag would let a visitor's list return hidden documents: visitors
// get one document at a time, only the owner and admins list.
describe('lists never return a hidden item to anyone but its owner and admins', () => {
  for (const actor of everyone) {
    it(`${actorLabel[actor]}: products, ads and blog posts`, async () => {
      const db = dbAs(env(), actor);
      for (const name of ['products_services', 'classified_ads']) {
        const own = { user_id: uids.owner };
        if (readers.includes(actor)) {
          const ids = (await expectAllowed(listWhere(db, name, own))).docs.map((d) => d.id);
          expect(ids.some((id) => id.startsWith('hidden-'))).toBe(true);
        } else {
          await expectDenied(listWhere(db, name, { ...own, is_active: true }));
          await expectDenied(listWhere(db, name, own));
        }
      }
      const published = () => listWhere(db, 'blog_posts', { is_published: true });
      if (actor === 'admin') expect((await expectAllowed(published())).size).toBe(2);
      else await expectDenied(published());
    });
  }
});
