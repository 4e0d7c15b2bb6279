// The server HTML of the book and product/service editors (their first render):
// every field labelled (registered inputs get their values in the browser), the admin-only active checkbox only for an admin editing an
// existing item, and the list sections' loading state. What they do on input runs
// in the browser (tests/e2e/items/book-edit.spec.ts); their rules are in the domain tests.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { bookKind } from '../../../../src/islands/kinds/book-kind';
import BooksList from '../../../../src/islands/kinds/BooksList';
import { productKind } from '../../../../src/islands/kinds/product-kind';
import OwnedItemEditor from '../../../../src/islands/items/OwnedItemEditor';
import ProductsSection from '../../../../src/islands/kinds/ProductsSection';
import type { Book } from '../../../../src/domain/books/book';
import { storedBook } from '../../helpers/book';
import type { ProductService } from '../../../../src/domain/items/product-service';
import type {
  OwnedItem,
  OwnedItemKind,
  OwnedItemValues,
} from '../../../../src/islands/items/owned-item-kind';

const book = storedBook();

const item = {
  id: 'p1',
  user_id: 'u1',
  title: 'Edits',
  description: null,
  category: 'service',
  subcategory: 'editing',
  price: '$5',
  price_numeric: 5,
  currency: 'USD',
  condition: null,
  contact_info: null,
  image_url: null,
  website_url: null,
  tags: ['a'],
  is_active: true,
  is_featured: false,
  views_count: 0,
  created_at: new Date(),
  updated_at: null,
} as ProductService;

const noop = () => {};

/** A kind's editor, first render, of `item` (null: a new one) for user u1, an admin or not. */
function editorHtml<Item extends OwnedItem, Values extends OwnedItemValues>(
  kind: OwnedItemKind<Item, Values>,
  item: Item | null,
  admin: boolean,
  more: { onDeleted?: () => void } = {},
): string {
  // The generic editor, bound to the kind's types (createElement does not infer a generic component's).
  const Editor = OwnedItemEditor<Item, Values>;
  return renderToStaticMarkup(
    createElement(Editor, { kind, item, userId: 'u1', admin, onCancel: noop, onSaved: noop, ...more }),
  );
}
const bookEditorHtml = (item: Book | null, admin: boolean, more?: { onDeleted?: () => void }) =>
  editorHtml(bookKind, item, admin, more);
const productEditorHtml = (item: ProductService | null, admin: boolean, more?: { onDeleted?: () => void }) =>
  editorHtml(productKind, item, admin, more);

describe('the book editor', () => {
  it('renders every field of a stored book with its values, sections and links', () => {
    const html = bookEditorHtml(book, false, { onDeleted: noop });
    for (const label of [
      '>Title<',
      '>Description<',
      '>Category<',
      '>Sub-genres<',
      '>eBook Price<',
      '>Link 1 label<',
      '>Section 1 title<',
      '>Free-preview title<',
      '>Cover Image URL<',
    ]) {
      expect(html).toContain(label);
    }
    expect(html).toContain('3/100 words');
    expect(html).toContain('>Sea');
    expect(html).toContain('Delete Book');
    expect(html).not.toContain('>Active<');
  });

  it('labels each catalogue input for its control, with the ISBN hint, the half-step number and an empty language', () => {
    const html = bookEditorHtml(book, false);
    for (const [name, label] of [
      ['isbn', 'ISBN'],
      ['publication_date', 'Publication date'],
      ['pages', 'Pages'],
      ['language', 'Language'],
      ['publisher', 'Publisher'],
      ['series', 'Series'],
      ['series_number', 'Number in series'],
    ]) {
      expect(html).toContain(
        `<label for="book-${name}" class="block text-sm font-semibold text-ink">${label}</label>`,
      );
      expect(html).toMatch(new RegExp(`<(input|select)[^>]*id="book-${name}"`));
    }
    expect(html).toMatch(/<input[^>]*type="date"[^>]*id="book-publication_date"/);
    expect(html).toMatch(/<input[^>]*type="number"[^>]*step="0.5"[^>]*id="book-series_number"/);
    expect(html).toContain('<option value="">Not given</option>');
    expect(html).toContain('<option value="fr">French</option>');
    expect(html).toContain('saved as the ISBN-13');
  });
  it('shows the active checkbox to an admin editing an existing book only', () => {
    expect(bookEditorHtml(book, true)).toContain('>Active<');
    expect(bookEditorHtml(null, true)).not.toContain('>Active<');
  });
});

describe('the product/service editor', () => {
  it('renders the fields, and the active checkbox for an admin on an existing item', () => {
    const html = productEditorHtml(item, true, { onDeleted: noop });
    for (const label of ['>Title<', '>Tags<', '>Price<', '>Currency<', '>Website URL<', '>Active<'])
      expect(html).toContain(label);
    expect(html).toContain('aria-label="Edit Edits"');
    expect(productEditorHtml(null, false)).not.toContain('>Active<');
  });
});

describe('list sections', () => {
  it('start in their loading state with Add disabled', () => {
    const books = renderToStaticMarkup(
      createElement(BooksList, { userId: 'u1', subscription: 'free', admin: false }),
    );
    expect(books).toContain('Loading books…');
    expect(books).toMatch(/<button[^>]*disabled=""[^>]*>Add Book<\/button>/);
    const products = renderToStaticMarkup(
      createElement(ProductsSection, { userId: 'u1', subscription: 'free', admin: false }),
    );
    expect(products).toContain('Loading products and services…');
    expect(products).toMatch(/<button[^>]*disabled=""[^>]*>Add Product\/Service<\/button>/);
  });
});
