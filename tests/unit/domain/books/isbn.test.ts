// ISBNs as authors type them: ISBN-10 and ISBN-13, hyphens and spaces allowed, the
// check digit verified, stored as the ISBN-13.
import { describe, expect, it } from 'vitest';
import {
  formatIsbn,
  isbn10Of,
  isStoredIsbn,
  ISBN_MESSAGES,
  parseIsbn,
} from '../../../../src/domain/books/isbn';

describe('parseIsbn', () => {
  it.each([
    ['978-3-16-148410-0', '9783161484100'],
    ['9783161484100', '9783161484100'],
    [' 978 0 306 40615 7 ', '9780306406157'],
    ['979-0000000001', '9790000000001'],
    // An en dash, as word processors write hyphens.
    ['978–0–306–40615–7', '9780306406157'],
  ])('accepts the ISBN-13 %s as %s', (input, isbn13) => {
    expect(parseIsbn(input)).toEqual({ ok: true, isbn13 });
  });

  it.each([
    ['0-306-40615-2', '9780306406157'],
    ['0306406152', '9780306406157'],
    ['0-8044-2957-X', '9780804429573'],
    ['0-8044-2957-x', '9780804429573'],
  ])('stores the ISBN-10 %s as its ISBN-13 %s', (input, isbn13) => {
    expect(parseIsbn(input)).toEqual({ ok: true, isbn13 });
  });

  it.each([
    ['978-3-16-148410-1', ISBN_MESSAGES.checkDigit],
    ['0-306-40615-3', ISBN_MESSAGES.checkDigit],
    ['0-8044-2957-9', ISBN_MESSAGES.checkDigit],
    ['977-3-16-148410-0', ISBN_MESSAGES.prefix],
    ['978316148410', ISBN_MESSAGES.length],
    ['', ISBN_MESSAGES.length],
    ['97831614841000', ISBN_MESSAGES.length],
    ['ISBN 978-3-16-148410-0', ISBN_MESSAGES.characters],
    ['03064X6152', ISBN_MESSAGES.characters],
    ['978316148410X', ISBN_MESSAGES.characters],
    ['0306406152X', ISBN_MESSAGES.length],
  ])('refuses %s: %s', (input, message) => {
    expect(parseIsbn(input)).toEqual({ ok: false, message });
  });
});

describe('isStoredIsbn', () => {
  it('holds only thirteen digits with a right check digit', () => {
    expect(isStoredIsbn('9780306406157')).toBe(true);
    expect(isStoredIsbn('978-0306406157')).toBe(false);
    expect(isStoredIsbn('0306406152')).toBe(false);
    expect(isStoredIsbn('9780306406158')).toBe(false);
  });
});

describe('isbn10Of and formatIsbn', () => {
  it('gives back the ISBN-10 of a 978 ISBN, with X for ten, and none for 979', () => {
    expect(isbn10Of('9780306406157')).toBe('0306406152');
    expect(isbn10Of('9780804429573')).toBe('080442957X');
    expect(isbn10Of('9790000000001')).toBeNull();
    expect(isbn10Of('not an isbn')).toBeNull();
  });

  it('hyphenates after the prefix and before the check digit', () => {
    expect(formatIsbn('9780306406157')).toBe('978-030640615-7');
  });
});
