/**
 * A catalogue Shelfmark looks books up in (Open Library now; Google Books or Inventaire
 * would each be one more module in connectors/). Every method answers in Shelfmark's
 * shapes (src/domain/catalogue/catalogue-work.ts) and fails only with a CatalogueError
 * (errors.ts). ISBNs may be given as ISBN-10 or ISBN-13, with or without hyphens.
 */
import type {
  CatalogueAuthor,
  CatalogueEditionHit,
  CatalogueSearchHit,
  CatalogueSourceName,
  CatalogueWork,
} from '../../../src/domain/catalogue/catalogue-work.ts';

export type CoverSize = 'S' | 'M' | 'L';

export interface CatalogueSource {
  readonly name: CatalogueSourceName;
  /** Works matching free text (title, author, ISBN), best first; at most `limit` (default 20). */
  search(query: string, options?: { limit?: number }): Promise<CatalogueSearchHit[]>;
  /** The edition with this ISBN; not-found when the source has none or the ISBN does not parse. */
  byIsbn(isbn: string): Promise<CatalogueEditionHit>;
  /**
   * The editions of many ISBNs, in as few requests as the source allows, keyed by ISBN-13.
   * ISBNs the source does not know, or that do not parse, are absent from the map.
   */
  byIsbns(isbns: readonly string[]): Promise<Map<string, CatalogueEditionHit>>;
  /** A work with its editions and its authors' names. */
  work(id: string): Promise<CatalogueWork>;
  author(id: string): Promise<CatalogueAuthor>;
  /** Where the cover image `coverId` (a hit's or edition's) is served. Makes no request. */
  coverUrl(coverId: number, size?: CoverSize): string;
}
