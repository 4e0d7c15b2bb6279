/**
 * A book as an outside catalogue describes it, in Shelfmark's words: the work (what
 * readers shelve), its authors and its editions. Every source (Open Library today;
 * Google Books or Inventaire later) maps its records into these shapes, so the site
 * never reads a source's own fields. ISBNs are stored ISBN-13s (books/isbn.ts): a
 * source's ISBN-10s are converted, and ISBNs whose check digit is wrong are dropped.
 */
import { z } from 'zod';

/** The catalogues Shelfmark reads. */
export const catalogueSourceNameSchema = z.enum(['openlibrary']);
export type CatalogueSourceName = z.infer<typeof catalogueSourceNameSchema>;

const isbn13Schema = z.string().regex(/^97[89]\d{10}$/);

/** An author as a work or edition names them; `sourceId` is null when the source gives only a name. */
export const catalogueAuthorRefSchema = z.object({
  name: z.string(),
  sourceId: z.string().nullable(),
});
export type CatalogueAuthorRef = z.infer<typeof catalogueAuthorRefSchema>;

/** One edition (a printing: format, publisher, date) of a work. Unknown facts are null. */
export const catalogueEditionSchema = z.object({
  sourceId: z.string(),
  title: z.string().nullable(),
  isbn13: z.array(isbn13Schema),
  format: z.string().nullable(),
  publisher: z.string().nullable(),
  publishedDate: z.string().nullable(),
  pages: z.number().int().positive().nullable(),
  /** The source's language code (Open Library: MARC codes such as `eng`, `jpn`). */
  language: z.string().nullable(),
  coverId: z.number().int().positive().nullable(),
});
export type CatalogueEdition = z.infer<typeof catalogueEditionSchema>;

/** A work with its editions. */
export const catalogueWorkSchema = z.object({
  source: catalogueSourceNameSchema,
  sourceId: z.string(),
  title: z.string(),
  authors: z.array(catalogueAuthorRefSchema),
  description: z.string().nullable(),
  subjects: z.array(z.string()),
  coverId: z.number().int().positive().nullable(),
  editions: z.array(catalogueEditionSchema),
  /** How many editions the source knows; `editions` may hold only the first page of them. */
  editionCount: z.number().int().nonnegative(),
});
export type CatalogueWork = z.infer<typeof catalogueWorkSchema>;

/** One search result: a work, with what a result list shows. */
export const catalogueSearchHitSchema = z.object({
  source: catalogueSourceNameSchema,
  sourceId: z.string(),
  title: z.string(),
  authors: z.array(catalogueAuthorRefSchema),
  firstPublishYear: z.number().int().nullable(),
  coverId: z.number().int().positive().nullable(),
  editionCount: z.number().int().nonnegative(),
  isbn13: z.array(isbn13Schema),
});
export type CatalogueSearchHit = z.infer<typeof catalogueSearchHitSchema>;

/** An edition found by its ISBN, with its work's id (null when the source links none) and authors. */
export const catalogueEditionHitSchema = z.object({
  source: catalogueSourceNameSchema,
  workId: z.string().nullable(),
  title: z.string(),
  authors: z.array(catalogueAuthorRefSchema),
  edition: catalogueEditionSchema,
});
export type CatalogueEditionHit = z.infer<typeof catalogueEditionHitSchema>;

/** An author's own record. */
export const catalogueAuthorSchema = z.object({
  source: catalogueSourceNameSchema,
  sourceId: z.string(),
  name: z.string(),
  bio: z.string().nullable(),
});
export type CatalogueAuthor = z.infer<typeof catalogueAuthorSchema>;
