// What each public item looks like to the search box: one SearchDocument per
// book, author, product or service, classified ad, blog post and newsletter.
// Each mapper answers null when the item must not be found (the site's one
// visibility rule, src/domain/accounts/visibility.ts, through the fields and functions
// every other page uses), so whoever keeps the index removes it.
import type { BlogPost } from '../editorial/blog-post.ts';
import type { Book } from '../books/book.ts';
import type { ClassifiedAd } from '../market/classified-ad.ts';
import { editorialPath } from '../editorial/editorial.ts';
import { bookCategoryLabel, genreLabel } from '../items/genres.ts';
import { isbn10Of } from '../books/isbn.ts';
import { authorNames, type CatalogueBook } from '../books/catalogue-book.ts';
import { lightMarkupToText } from '../shared/light-markup.ts';
import {
  entryFromAd,
  entryFromProduct,
  type MarketEntryWrite,
  type OwnerStatus,
} from '../market/market-entry.ts';
import { categoryLabel } from '../items/marketplace.ts';
import type { Newsletter } from '../editorial/newsletter.ts';
import type { ProductService } from '../items/product-service.ts';
import { sellerPath } from '../items/product-page.ts';
import { isPubliclyListed, type Profile } from '../accounts/profile.ts';
import {
  SEARCH_DESCRIPTION_MAX_LENGTH,
  searchDocumentId,
  searchDocumentSchema,
  type SearchDocument,
} from './site-search.ts';
import { isPostPublic, isReadableBook } from '../accounts/visibility.ts';

/** Plain text cut to what the index keeps, whitespace runs made single spaces. */
function plain(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_DESCRIPTION_MAX_LENGTH);
}

/** The lowest of the prices shown for an item, or null when it has none. */
function lowestPrice(prices: readonly (number | null | undefined)[]): number | null {
  const known = prices.filter(
    (price): price is number => typeof price === 'number' && Number.isFinite(price),
  );
  return known.length > 0 ? Math.min(...known) : null;
}

/** What finds a book besides its words: its ISBN-13 and ISBN-10 (digits only) and its series' name. */
function bookKeywords(book: Pick<Book, 'isbn' | 'series'>): string {
  const isbn = book.isbn ? [book.isbn, isbn10Of(book.isbn)] : [];
  return [...isbn, book.series?.trim()].filter(Boolean).join(' ');
}

/** A book, or null unless it is public (active, and its owner approved and active: `is_public`). */
export function bookSearchDocument(book: Book): SearchDocument | null {
  if (!book.is_public) return null;
  return searchDocumentSchema.parse({
    id: searchDocumentId('book', book.id),
    kind: 'book',
    title: book.title,
    author: book.author?.display_name ?? '',
    description: plain(book.description),
    category: book.category ? bookCategoryLabel(book.category) : '',
    genres: [...new Set([...book.genre, ...book.sub_genre].map(genreLabel))].slice(0, 20),
    keywords: bookKeywords(book),
    price: lowestPrice([
      book.ebook_price,
      book.paperback_price,
      book.hardcover_price,
      book.audiobook_price,
      book.price,
    ]),
    free_reading: book.has_free_reading,
    audiobook: book.has_audiobook,
    featured: book.is_featured,
    url: `/book/${book.id}`,
    image: book.cover_image ?? '',
  });
}

/** A catalogue book, or null unless readers may see it (active, not hidden). */
export function catalogueBookSearchDocument(book: CatalogueBook): SearchDocument | null {
  if (!isReadableBook(book)) return null;
  const isbns = [...new Set(book.editions.flatMap((edition) => (edition.isbn ? [edition.isbn] : [])))];
  return searchDocumentSchema.parse({
    id: searchDocumentId('book', book.id),
    kind: 'book',
    title: book.title,
    author: authorNames(book.authors),
    description: plain(book.description),
    genres: book.subjects.slice(0, 20),
    keywords: isbns
      .flatMap((isbn) => [isbn, isbn10Of(isbn)])
      .filter(Boolean)
      .join(' '),
    url: `/book/${book.id}`,
    image: book.cover_image ?? '',
  });
}

/** A member's profile, or null unless they are approved and active. */
export function profileSearchDocument(profile: Profile): SearchDocument | null {
  if (!isPubliclyListed(profile)) return null;
  return searchDocumentSchema.parse({
    id: searchDocumentId('author', profile.id),
    kind: 'author',
    title: profile.display_name,
    description: plain(profile.about_me),
    category: profile.category ?? '',
    url: sellerPath(profile, profile.id),
    image: profile.profile_image ?? '',
  });
}

/** The seller fields a product's or ad's document names. */
export type SellerForSearch = OwnerStatus & Pick<Profile, 'display_name' | 'page_slug'>;

/** A market entry (product, service or ad) with its item's description and its seller's name. */
function listingSearchDocument(
  kind: 'product' | 'ad',
  item: { id: string; title: string; description?: string | null },
  entry: MarketEntryWrite | null,
  seller: SellerForSearch | null | undefined,
): SearchDocument | null {
  if (!entry || !seller) return null;
  return searchDocumentSchema.parse({
    id: searchDocumentId(kind, item.id),
    kind,
    title: item.title,
    author: seller.display_name,
    description: plain(item.description),
    category: categoryLabel(entry.category),
    genres: entry.subcategories.map(categoryLabel),
    price: entry.price,
    featured: entry.is_featured,
    url: entry.path,
    image: entry.image ?? '',
  });
}

/** A product or service, or null unless it and its seller are public. */
export function productSearchDocument(
  product: ProductService,
  seller: SellerForSearch | null | undefined,
): SearchDocument | null {
  return listingSearchDocument('product', product, entryFromProduct(product.id, product, seller), seller);
}

/** A classified ad, or null unless it and its seller are public. */
export function adSearchDocument(
  ad: ClassifiedAd,
  seller: SellerForSearch | null | undefined,
): SearchDocument | null {
  return listingSearchDocument('ad', ad, entryFromAd(ad.id, ad, seller), seller);
}

/** A blog post, or null unless it is public (published, not hidden by moderation). */
export function blogPostSearchDocument(post: BlogPost): SearchDocument | null {
  if (!isPostPublic(post)) return null;
  return searchDocumentSchema.parse({
    id: searchDocumentId('post', `blog_${post.id}`),
    kind: 'post',
    title: post.title,
    author: post.author,
    description: plain(post.excerpt || lightMarkupToText(post.content, 'blog')),
    category: 'Blog',
    url: editorialPath('blog_posts', post),
    image: post.featured_image ?? '',
  });
}

/** A newsletter, or null unless it is published. */
export function newsletterSearchDocument(newsletter: Newsletter): SearchDocument | null {
  if (!newsletter.is_published) return null;
  return searchDocumentSchema.parse({
    id: searchDocumentId('post', `newsletter_${newsletter.id}`),
    kind: 'post',
    title: newsletter.title,
    description: plain(newsletter.subtitle || lightMarkupToText(newsletter.content, 'newsletter')),
    category: 'Newsletter',
    url: editorialPath('newsletters', newsletter),
  });
}
