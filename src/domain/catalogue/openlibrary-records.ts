/**
 * Open Library's answers as Shelfmark reads them, one zod schema per response type.
 * Open Library's records are schemaless: any field may be missing, and a record
 * carries many fields Shelfmark does not use. So each schema requires only what
 * identifies the record (its key, a work's or edition's title), accepts every other
 * field as optional, and lets unknown fields through (zod objects drop them).
 * A value of the wrong type where one is given (a title that is a number) is a
 * malformed answer, not a missing field.
 *
 * The shapes are those of openlibrary.org's documented APIs (docs/notes/catalogue.md):
 * /search.json, /isbn/{isbn}.json, /books/{id}.json, /works/{id}.json,
 * /works/{id}/editions.json, /authors/{id}.json and /api/books?jscmd=data&format=json.
 */
import { z } from 'zod';

/** `{ key: '/authors/OL21594A' }`: a reference to another record. */
export const olRefSchema = z.object({ key: z.string() });

/** Text fields (description, bio, notes) come as a plain string or `{ type: '/type/text', value }`. */
export const olTextSchema = z.union([
  z.string(),
  z.object({ type: z.string().optional(), value: z.string() }),
]);

/** One document of /search.json (a work, with some fields of its editions rolled up). */
export const olSearchDocSchema = z.object({
  key: z.string(),
  title: z.string(),
  author_name: z.array(z.string()).optional(),
  author_key: z.array(z.string()).optional(),
  first_publish_year: z.number().int().optional(),
  edition_count: z.number().int().optional(),
  edition_key: z.array(z.string()).optional(),
  isbn: z.array(z.string()).optional(),
  cover_i: z.number().int().optional(),
  cover_edition_key: z.string().optional(),
  language: z.array(z.string()).optional(),
  subject: z.array(z.string()).optional(),
});

/** /search.json: `numFound` matches, `start` the offset of the first doc. */
export const olSearchSchema = z.object({
  numFound: z.number().int(),
  start: z.number().int(),
  numFoundExact: z.boolean().optional(),
  docs: z.array(olSearchDocSchema),
});

/** An edition record: /books/{id}.json, and /isbn/{isbn}.json after its redirect. */
export const olEditionSchema = z.object({
  key: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  authors: z.array(olRefSchema).optional(),
  works: z.array(olRefSchema).optional(),
  isbn_10: z.array(z.string()).optional(),
  isbn_13: z.array(z.string()).optional(),
  publishers: z.array(z.string()).optional(),
  publish_date: z.string().optional(),
  number_of_pages: z.number().int().optional(),
  physical_format: z.string().optional(),
  languages: z.array(olRefSchema).optional(),
  covers: z.array(z.number().int()).optional(),
});

/** A work record, /works/{id}.json. Its authors are roles: `{ author: { key }, type: { key } }`. */
export const olWorkSchema = z.object({
  key: z.string(),
  title: z.string(),
  authors: z.array(z.object({ author: olRefSchema, type: olRefSchema.optional() })).optional(),
  description: olTextSchema.optional(),
  subjects: z.array(z.string()).optional(),
  covers: z.array(z.number().int()).optional(),
  first_publish_date: z.string().optional(),
});

/** /works/{id}/editions.json: a page of `entries` (edition records) of `size` in all. */
export const olWorkEditionsSchema = z.object({
  size: z.number().int(),
  entries: z.array(olEditionSchema),
  links: z
    .object({ self: z.string().optional(), work: z.string().optional(), next: z.string().optional() })
    .optional(),
});

/** An author record, /authors/{id}.json. */
export const olAuthorSchema = z.object({
  key: z.string(),
  name: z.string(),
  personal_name: z.string().optional(),
  bio: olTextSchema.optional(),
  birth_date: z.string().optional(),
  death_date: z.string().optional(),
});

/** One book of /api/books?jscmd=data: names already resolved, ids under `identifiers`. */
export const olBooksDataEntrySchema = z.object({
  url: z.string().optional(),
  key: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  authors: z.array(z.object({ url: z.string().optional(), name: z.string() })).optional(),
  identifiers: z.record(z.string(), z.array(z.string())).optional(),
  publishers: z.array(z.object({ name: z.string() })).optional(),
  publish_date: z.string().optional(),
  number_of_pages: z.number().int().optional(),
  subjects: z.array(z.object({ name: z.string(), url: z.string().optional() })).optional(),
  cover: z.object({ small: z.string(), medium: z.string(), large: z.string() }).partial().optional(),
});

/** /api/books?bibkeys=ISBN:a,ISBN:b&jscmd=data&format=json: found books by the bibkey asked; unknown keys are absent. */
export const olBooksDataSchema = z.record(z.string(), olBooksDataEntrySchema);

/**
 * One book of /api/books?jscmd=details: the edition record itself under `details`
 * (with its work, which jscmd=data leaves out), its authors named.
 */
export const olBooksDetailsEntrySchema = z.object({
  bib_key: z.string().optional(),
  info_url: z.string().optional(),
  preview: z.string().optional(),
  thumbnail_url: z.string().optional(),
  details: olEditionSchema.extend({
    authors: z.array(z.object({ key: z.string(), name: z.string().optional() })).optional(),
  }),
});

/** /api/books?bibkeys=ISBN:a,ISBN:b&jscmd=details&format=json: found books by the bibkey asked; unknown keys are absent. */
export const olBooksDetailsSchema = z.record(z.string(), olBooksDetailsEntrySchema);

export type OlSearch = z.infer<typeof olSearchSchema>;
export type OlSearchDoc = z.infer<typeof olSearchDocSchema>;
export type OlEdition = z.infer<typeof olEditionSchema>;
export type OlWork = z.infer<typeof olWorkSchema>;
export type OlWorkEditions = z.infer<typeof olWorkEditionsSchema>;
export type OlAuthor = z.infer<typeof olAuthorSchema>;
export type OlBooksDataEntry = z.infer<typeof olBooksDataEntrySchema>;
export type OlBooksData = z.infer<typeof olBooksDataSchema>;
export type OlBooksDetailsEntry = z.infer<typeof olBooksDetailsEntrySchema>;
