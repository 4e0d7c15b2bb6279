import { describe, expect, it } from 'vitest';
import {
  CLAIMED_BOOK_EDIT_MESSAGES,
  claimedBookFormSchema,
  claimedBookFormValues,
  firstPublishedInRange,
} from '../../../../src/domain/books/claimed-book-edit';

describe('claimedBookFormSchema', () => {
  it('reads the form: subjects one a line without blanks or repeats, the year as a number or null', () => {
    const values = claimedBookFormValues({
      purchase_links: [{ label: 'Shop', url: 'https://shop.example/b', price: null }],
      description: null,
      subjects: ['Orchards', 'Lanterns'],
      first_published: 1999,
    });
    expect(values).toEqual({
      purchase_links: [{ label: 'Shop', url: 'https://shop.example/b', price: '' }],
      description: '',
      subjects: 'Orchards\nLanterns',
      first_published: '1999',
    });
    expect(
      claimedBookFormSchema.parse({ ...values, subjects: 'A\n \nB\nA', first_published: ' ' }),
    ).toMatchObject({
      subjects: ['A', 'B'],
      first_published: null,
    });
  });

  it('refuses a link that is not http(s) and a year that is not one, with the messages people see', () => {
    const bad = claimedBookFormSchema.safeParse({
      purchase_links: [{ label: 'Shop', url: 'javascript:alert(1)', price: '' }],
      description: '',
      subjects: '',
      first_published: 'soon',
    });
    const messages = bad.error?.issues.map((issue) => issue.message);
    expect(messages).toContain('Please enter a valid URL');
    expect(messages).toContain(CLAIMED_BOOK_EDIT_MESSAGES.year);
  });

  it('checks the year against today', () => {
    const now = new Date('2026-12-07T00:00:00Z');
    expect(firstPublishedInRange(2027, now)).toBe(true);
    expect(firstPublishedInRange(2028, now)).toBe(false);
    expect(firstPublishedInRange(null, now)).toBe(true);
  });
});
