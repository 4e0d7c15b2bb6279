// Catalogue books (kind 'catalogue', no owner; src/domain/books/catalogue-book.ts):
// anyone reads one while it is active and not hidden, only admins read a hidden or
// withdrawn one, and nobody writes one from a client (the catalogue functions do).
import { Timestamp, type DocumentData } from 'firebase/firestore';
import { it } from 'vitest';
import {
  dbAs,
  describeEachActor,
  describeWritesDeniedToEveryone,
  everyone,
  expectAllowed,
  expectDenied,
  nonAdmins,
  readDoc,
  uids,
} from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';

function catalogueBook(overrides: DocumentData = {}): DocumentData {
  return {
    kind: 'catalogue',
    title: 'The Tidal Atlas',
    authors: [{ name: 'Maren Olsen', source_id: 'OL1A' }],
    editions: [{ isbn: '9780306406157', format: 'Paperback' }],
    isbn: '9780306406157',
    subjects: ['Oceans'],
    source: 'openlibrary',
    source_id: 'OL1W',
    added_by: uids.other,
    is_public: false,
    is_active: true,
    moderation_hidden: false,
    rating_count: 0,
    rating_sum: 0,
    created_at: Timestamp.fromDate(new Date('2026-12-01T10:00:00Z')),
    ...overrides,
  };
}

const env = useSeededRulesEnv('catalogue-books', () => ({
  'books/cat-open': catalogueBook(),
  'books/cat-hidden': catalogueBook({ moderation_hidden: true }),
  'books/cat-withdrawn': catalogueBook({ is_active: false }),
}));

describeEachActor(everyone, 'catalogue books: %s', (actor) => {
  it('reads an active catalogue book', async () => {
    await expectAllowed(readDoc(dbAs(env(), actor), 'books/cat-open'));
  });
});

describeEachActor(nonAdmins, 'catalogue books: %s', (actor) => {
  it('cannot read one hidden by moderation or withdrawn, even the member who added it', async () => {
    await expectDenied(readDoc(dbAs(env(), actor), 'books/cat-hidden'));
    await expectDenied(readDoc(dbAs(env(), actor), 'books/cat-withdrawn'));
  });
});

describeEachActor(['admin'], 'catalogue books: %s', (actor) => {
  it('reads hidden and withdrawn ones', async () => {
    await expectAllowed(readDoc(dbAs(env(), actor), 'books/cat-hidden'));
    await expectAllowed(readDoc(dbAs(env(), actor), 'books/cat-withdrawn'));
  });
});

describeWritesDeniedToEveryone(env, 'catalogue books, client writes: %s', () => ({
  newPath: 'books/cat-new',
  existingPath: 'books/cat-open',
  data: catalogueBook(),
}));
