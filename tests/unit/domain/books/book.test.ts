import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FREE_PREVIEW_TITLE,
  authorProfilePath,
  bookFormSchema,
  bookSchema,
  clampWords,
  countWords,
  freePreviewTitle,
  hasAudiobook,
  isFreeReadable,
  marketplacePrice,
  purchaseLinkSchema,
  usesDefaultFreePreviewTitle,
} from '../../../../src/domain/books/book.ts';
import { fieldErrors } from '../../../../src/domain/shared/common.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('countWords', () => {
  it('splits on spaces and ignores empty pieces', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords(' one  two   three ')).toBe(3);
    expect(countWords(null)).toBe(0);
  });
  it('splits on spaces only: a line break or tab inside a piece does not make two words', () => {
    expect(countWords('one\ntwo')).toBe(1);
    expect(countWords('one\ttwo three')).toBe(2);
    expect(countWords('first line\nsecond line')).toBe(3);
    // A piece of nothing but a line break is not a word.
    expect(countWords('one \n two')).toBe(2);
  });
  it('clampWords refuses words beyond the limit, counting as countWords does', () => {
    expect(countWords(clampWords(words(105)))).toBe(100);
    expect(clampWords('a b c', 2)).toBe('a b');
    expect(clampWords('a b', 2)).toBe('a b');
    expect(clampWords('a b ', 2)).toBe('a b ');
    expect(clampWords('a\nb c d', 2)).toBe('a\nb c');
    expect(clampWords('a  \n  b c', 2)).toBe('a  \n  b');
  });
});

describe('bookFormSchema', () => {
  it('accepts a 100-word description and refuses 101 words with the spec message', () => {
    expect(bookFormSchema.safeParse({ title: 'T', description: words(100) }).success).toBe(true);
    const result = bookFormSchema.safeParse({ title: 'T', description: words(101) });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!).description).toBe('Description must be 100 words or less');
  });
  it('counts the description’s words by spaces: 101 words on separate lines are one word', () => {
    const lines = Array.from({ length: 101 }, (_, i) => `w${i}`).join('\n');
    expect(bookFormSchema.safeParse({ title: 'T', description: lines }).success).toBe(true);
  });
  it("requires a title: 'Title is required'", () => {
    for (const title of [undefined, '', '   ']) {
      const result = bookFormSchema.safeParse({ title });
      expect(fieldErrors(result.error!).title).toBe('Title is required');
    }
  });
  it('defaults the lists and flags', () => {
    const form = bookFormSchema.parse({ title: 'Dune' });
    expect(form).toMatchObject({
      genre: [],
      sub_genre: [],
      purchase_links: [],
      manuscript_content: [],
      is_full_book_free: false,
    });
  });
});

describe('purchaseLinkSchema', () => {
  const link = (label: string, url = 'https://shop.example/book') =>
    purchaseLinkSchema.safeParse({ label, url });
  it('accepts a 40-character label and refuses 41', () => {
    expect(link('x'.repeat(40)).success).toBe(true);
    expect(link('x'.repeat(41)).error?.issues[0]?.message).toBe('Label must be 40 characters or less');
  });
  it('requires a label and a valid http(s) URL', () => {
    expect(link('').error?.issues[0]?.message).toBe('Label is required');
    expect(link('Shop', 'not a url').error?.issues[0]?.message).toBe('Please enter a valid URL');
    expect(link('Shop', 'javascript:alert(1)').error?.issues[0]?.message).toBe('Please enter a valid URL');
  });
  it('price is optional', () => {
    expect(purchaseLinkSchema.parse({ label: 'Shop', url: 'https://a.example', price: '$9.99' }).price).toBe(
      '$9.99',
    );
  });
});

describe('book rules', () => {
  it('marketplacePrice is the lowest format price, 0 included, undefined when none', () => {
    expect(
      marketplacePrice({ ebook_price: 4.99, paperback_price: 12, hardcover_price: 25, audiobook_price: 3.5 }),
    ).toBe(3.5);
    expect(marketplacePrice({ ebook_price: null, paperback_price: 12 })).toBe(12);
    expect(marketplacePrice({ ebook_price: 0, paperback_price: 12 })).toBe(0);
    expect(marketplacePrice({})).toBeUndefined();
    expect(marketplacePrice({ ebook_price: null, audiobook_price: undefined })).toBeUndefined();
  });
  it('isFreeReadable needs a text or url section', () => {
    expect(isFreeReadable({ manuscript_content: [{ type: 'image' }] })).toBe(false);
    expect(isFreeReadable({ manuscript_content: [{ type: 'image' }, { type: 'url' }] })).toBe(true);
    expect(isFreeReadable({ manuscript_content: [{ type: 'text' }] })).toBe(true);
    expect(isFreeReadable({ manuscript_content: [] })).toBe(false);
    expect(isFreeReadable({})).toBe(false);
  });
  it('hasAudiobook needs a non-blank URL', () => {
    expect(hasAudiobook({ audiobook_url: 'https://audio.example/1' })).toBe(true);
    expect(hasAudiobook({ audiobook_url: '  ' })).toBe(false);
    expect(hasAudiobook({ audiobook_url: null })).toBe(false);
  });
  it('free-preview title: book, then global, then default; both default spellings count as default', () => {
    expect(DEFAULT_FREE_PREVIEW_TITLE).toBe('VIEW & READ THE BOOK FOR FREE');
    expect(freePreviewTitle({ free_preview_title: 'Read chapter 1' }, 'Global')).toBe('Read chapter 1');
    expect(freePreviewTitle({ free_preview_title: '' }, 'Global')).toBe('Global');
    expect(freePreviewTitle({}, null)).toBe(DEFAULT_FREE_PREVIEW_TITLE);
    expect(usesDefaultFreePreviewTitle('VIEW & read THE BOOK FOR FREE')).toBe(true);
    expect(usesDefaultFreePreviewTitle(null)).toBe(true);
    expect(usesDefaultFreePreviewTitle('Custom')).toBe(false);
  });
  it('authorProfilePath prefers the page slug, then the slugified name, then the uid', () => {
    expect(
      authorProfilePath({ user_id: 'u1', author: { display_name: 'Jane Doe', page_slug: 'jane' } }),
    ).toBe('/profile/jane');
    expect(authorProfilePath({ user_id: 'u1', author: { display_name: 'Jane Doe', page_slug: null } })).toBe(
      '/profile/jane-doe',
    );
    expect(authorProfilePath({ user_id: 'u1' })).toBe('/profile/u1');
  });
  it('bookSchema fills defaults and accepts the denormalised author', () => {
    const book = bookSchema.parse({
      id: 'b1',
      user_id: 'u1',
      title: 'Dune',
      category: 'fiction',
      created_at: new Date(0),
      author: { display_name: 'Frank', page_slug: 'frank' },
    });
    expect(book).toMatchObject({
      is_active: true,
      is_featured: false,
      genre: [],
      author: { page_slug: 'frank' },
    });
    expect(
      bookSchema.safeParse({ id: 'b', user_id: 'u', title: 'x', category: 'Fiction', created_at: new Date() })
        .success,
    ).toBe(false);
  });
});
