import { describe, expect, it } from 'vitest';
import {
  addSubGenre,
  bookEditorSchema,
  editorToBookForm,
  moveRow,
  newSectionId,
  toEditorValues,
} from '../../../../src/domain/books/book-editor.ts';
import { storedBook } from '../../helpers/book.ts';

const stored = storedBook({
  ebook_url: 'https://e.example/b1',
  purchase_links: [{ label: 'Shop', url: 'https://shop.example', price: '$5' }],
  manuscript_content: [
    { id: 'b', type: 'url', title: 'More', content: 'https://r.example', order: 5 },
    { id: 'a', type: 'text', title: 'One', content: 'Once.', order: 1 },
  ],
  is_full_book_free: true,
});

describe('book editor values', () => {
  it('round-trips a stored book, sections renumbered in their order', () => {
    const values = toEditorValues(stored);
    expect(values.manuscript_content.map((s) => s.sectionId)).toEqual(['a', 'b']);
    expect(values.ebook_price).toBe('4.5');
    const form = editorToBookForm(values);
    expect(form).toMatchObject({
      title: 'Tides',
      ebook_price: 4.5,
      category: 'fiction',
      genre: ['fantasy'],
      sub_genre: ['Sea'],
      is_full_book_free: true,
      free_preview_title: null,
    });
    expect(form.manuscript_content).toEqual([
      { id: 'a', type: 'text', title: 'One', content: 'Once.', order: 0 },
      { id: 'b', type: 'url', title: 'More', content: 'https://r.example', order: 1 },
    ]);
  });

  it('shows the spec messages for a blank title, a long description, a bad link and a bad price', () => {
    const values = {
      ...toEditorValues(),
      title: ' ',
      description: 'w '.repeat(101),
      ebook_price: '-1',
      purchase_links: [
        { label: '', url: 'javascript:alert(1)', price: '' },
        { label: 'x'.repeat(41), url: 'https://ok.example', price: '' },
      ],
    };
    const result = bookEditorSchema.safeParse(values);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({
      title: 'Title is required',
      description: 'Description must be 100 words or less',
      'purchase_links.0.label': 'Label is required',
      'purchase_links.0.url': 'Please enter a valid URL',
      'purchase_links.1.label': 'Label must be 40 characters or less',
    });
    expect(messages.ebook_price).toBeDefined();
  });

  it('accepts a 100-word description and prices such as 12 or 12.99, and refuses any other price', () => {
    const words = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    const accepts = (change: Record<string, string>) =>
      bookEditorSchema.safeParse({ ...toEditorValues(stored), ...change }).success;
    expect(accepts({ description: words })).toBe(true);
    expect(accepts({ paperback_price: '12' })).toBe(true);
    expect(accepts({ paperback_price: '12.99' })).toBe(true);
    expect(accepts({ paperback_price: '-3' })).toBe(false);
    expect(accepts({ paperback_price: '$5' })).toBe(false);
  });

  it('refuses an image or url section without a web address, and a 2 MB section', () => {
    const base = toEditorValues();
    /** Whether the editor accepts a titled book whose only section is `section`. */
    const acceptsSection = (section: { type: string; content: string }) =>
      bookEditorSchema.safeParse({
        ...base,
        title: 'T',
        manuscript_content: [{ sectionId: 's', title: '', ...section }],
      }).success;
    expect(acceptsSection({ type: 'url', content: 'javascript:x' })).toBe(false);
    expect(acceptsSection({ type: 'text', content: 'x'.repeat(2_000_000) })).toBe(false);
    expect(acceptsSection({ type: 'text', content: 'Fine.' })).toBe(true);
  });
});

describe('sub-genres and section rows', () => {
  it('adds trimmed sub-genres once, ignoring blanks and repeats in any case', () => {
    expect(addSubGenre(['Epic'], '  Cozy ')).toEqual(['Epic', 'Cozy']);
    expect(addSubGenre(['Epic'], 'epic')).toEqual(['Epic']);
    expect(addSubGenre(['Epic'], '   ')).toEqual(['Epic']);
    expect(
      addSubGenre(
        Array.from({ length: 10 }, (_, i) => `g${i}`),
        'more',
      ),
    ).toHaveLength(10);
  });
  it('moves rows within bounds and makes unused ids', () => {
    expect(moveRow(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveRow(['a', 'b'], 0, 9)).toEqual(['b', 'a']);
    expect(moveRow(['a'], 3, 0)).toEqual(['a']);
    let n = 0;
    const ids = [0.1, 0.1, 0.2];
    expect(newSectionId([{ sectionId: `s${Math.floor(0.1 * 1e9).toString(36)}` }], () => ids[n++]!)).toBe(
      `s${Math.floor(0.2 * 1e9).toString(36)}`,
    );
  });
});
