// /go/{bookId}/{index} sends a reader only to a link the member saved: the
// target is chosen by position among the book's stored links, never taken from
// the request, and only http(s) links are followed.
import { describe, expect, it } from 'vitest';
import { purchaseLinkPath, purchaseLinkTarget } from '../../../../src/domain/books/book-links';

const book = {
  purchase_url: 'https://shop.example/buy',
  ebook_url: 'https://ebooks.example/b1',
  paperback_url: 'https://shop.example/buy',
  purchase_links: [
    { label: 'Bookshop', url: 'https://bookshop.example/b1' },
    { label: 'Sneaky', url: 'javascript:alert(1)' },
  ],
};

describe('purchase link redirect target', () => {
  it('picks the saved link at the position the book page lists it', () => {
    expect(purchaseLinkTarget(book, '0')?.url).toBe('https://shop.example/buy');
    expect(purchaseLinkTarget(book, '1')).toMatchObject({ label: 'eBook', url: 'https://ebooks.example/b1' });
    // The repeated paperback URL is listed once, so position 2 is the labelled link.
    expect(purchaseLinkTarget(book, 2)).toMatchObject({
      label: 'Bookshop',
      url: 'https://bookshop.example/b1',
    });
  });

  it('refuses positions the book does not have and anything that is not a plain position', () => {
    for (const index of ['4', '99', '-1', '1.0', '01x', 'https://evil.example', '', '1e1', ' 1'])
      expect(purchaseLinkTarget(book, index), index).toBeNull();
  });

  it('never sends anywhere but http(s)', () => {
    expect(purchaseLinkTarget(book, '3')).toBeNull();
  });

  it('refuses a book whose stored links are malformed', () => {
    expect(purchaseLinkTarget({ purchase_links: 'https://evil.example' }, '0')).toBeNull();
    expect(purchaseLinkTarget({ purchase_url: 42, ebook_url: 'https://ebooks.example/b1' }, '0')?.url).toBe(
      'https://ebooks.example/b1',
    );
    expect(purchaseLinkTarget(null, '0')).toBeNull();
  });

  it('builds the /go path', () => {
    expect(purchaseLinkPath('b-1', 3)).toBe('/go/b-1/3');
  });
});
