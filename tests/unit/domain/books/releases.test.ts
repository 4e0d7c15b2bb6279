import { describe, expect, it } from 'vitest';
import { bookLinks } from '../../../../src/domain/books/book-links.ts';
import {
  BACKLIST_AFTER_DAYS,
  comingOnText,
  daysBefore,
  isOutNow,
  isPreorder,
  outNowDue,
  preorderLabel,
  purchaseLinksOn,
  releaseKind,
} from '../../../../src/domain/books/releases.ts';

// Late in the evening UTC: the day is still 2026-11-28 everywhere the page and the alerts compare.
const NOW = new Date('2026-11-28T23:30:00Z');

describe('releaseKind', () => {
  it('a date still to come is a preorder, from tomorrow on', () => {
    expect(releaseKind('2026-11-29', NOW)).toBe('preorder');
    expect(releaseKind('2027-03-18', NOW)).toBe('preorder');
  });

  it('no date, today, or a date within the last 90 days alerts as new', () => {
    expect(releaseKind(null, NOW)).toBe('new');
    expect(releaseKind(undefined, NOW)).toBe('new');
    expect(releaseKind('', NOW)).toBe('new');
    expect(releaseKind('2026-11-28', NOW)).toBe('new');
    expect(releaseKind('2026-08-30', NOW)).toBe('new'); // exactly 90 days before
  });

  it('a date more than 90 days before is backlist', () => {
    expect(BACKLIST_AFTER_DAYS).toBe(90);
    expect(daysBefore('2026-11-28', 90)).toBe('2026-08-30');
    expect(releaseKind('2026-08-29', NOW)).toBe('backlist');
    expect(releaseKind('1999-05-01', NOW)).toBe('backlist');
  });

  it('counts days across a leap day and a year end', () => {
    expect(daysBefore('2028-03-01', 1)).toBe('2028-02-29');
    expect(daysBefore('2027-01-15', 90)).toBe('2026-10-17');
  });
});

describe('preorders and their out-now day', () => {
  it('a book is a preorder until its date, which is the day its out-now is due', () => {
    expect(isPreorder('2026-11-29', NOW)).toBe(true);
    expect(isPreorder('2026-11-28', NOW)).toBe(false);
    expect(isPreorder(null, NOW)).toBe(false);
    expect(isOutNow('2026-11-29', NOW)).toBe(false);
    expect(isOutNow('2026-11-28', NOW)).toBe(true);
    expect(isOutNow('2026-11-01', NOW)).toBe(true);
  });

  it('a date taken off a preorder makes its out-now due today', () => {
    expect(outNowDue('2027-03-18', NOW)).toBe('2027-03-18');
    expect(outNowDue(null, NOW)).toBe('2026-11-28');
    expect(outNowDue('', NOW)).toBe('2026-11-28');
  });

  it('says when it is coming', () => {
    expect(comingOnText('2027-03-18')).toBe('Coming on 18 March 2027');
  });
});

describe('purchase links of a preorder', () => {
  it('read as preorders: formats, "Buy …" labels and store names', () => {
    expect(preorderLabel('Buy the Book')).toBe('Preorder the Book');
    expect(preorderLabel('eBook')).toBe('Preorder the eBook');
    expect(preorderLabel('Paperback')).toBe('Preorder the Paperback');
    expect(preorderLabel('Buy on Amazon')).toBe('Preorder on Amazon');
    expect(preorderLabel('Kobo')).toBe('Preorder on Kobo');
    expect(preorderLabel('Pre-order signed copies')).toBe('Pre-order signed copies');
    expect(preorderLabel('Preorder at Bookshop')).toBe('Preorder at Bookshop');
    // A store whose name starts like "buy" but is not the word.
    expect(preorderLabel('Buyers Club')).toBe('Preorder on Buyers Club');
  });

  it('keep their addresses, prices and order (the /go positions), and read as bought once the day comes', () => {
    const links = bookLinks({
      purchase_url: 'https://shop.example/b',
      ebook_url: 'https://shop.example/e',
      ebook_price: 4.99,
      purchase_links: [{ label: 'Kobo', url: 'https://kobo.example/b' }],
    });
    const preorder = purchaseLinksOn(links, '2027-03-18', NOW);
    expect(preorder).toEqual([
      { label: 'Preorder the Book', url: 'https://shop.example/b' },
      { label: 'Preorder the eBook', url: 'https://shop.example/e', price: '$4.99' },
      { label: 'Preorder on Kobo', url: 'https://kobo.example/b' },
    ]);
    expect(purchaseLinksOn(links, '2026-11-28', NOW)).toEqual(links);
    expect(purchaseLinksOn(links, null, NOW)).toEqual(links);
  });
});
