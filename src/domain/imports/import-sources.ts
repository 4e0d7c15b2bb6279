/**
 * The sources whose exports the import reads, one row each: a third (LibraryThing, a
 * BookWyrm export) is one file in src/domain/imports/sources/ and one row here. The
 * order is the order a header is tried in.
 */
import type { ImportSource } from './import-source.ts';
import { goodreads } from './sources/goodreads.ts';
import { storygraph } from './sources/storygraph.ts';

/** Every source, one row each. */
export const IMPORT_SOURCES = [goodreads, storygraph] as const;

/** A source's id, as an import stores its layout. */
export type ImportLayout = (typeof IMPORT_SOURCES)[number]['id'];
/** The exports Shelfmark reads. */
export const IMPORT_LAYOUTS = IMPORT_SOURCES.map((source) => source.id) as [ImportLayout, ...ImportLayout[]];
/** The services' names, as the report says them. */
export const IMPORT_LAYOUT_NAMES = Object.fromEntries(
  IMPORT_SOURCES.map((source) => [source.id, source.name]),
) as Readonly<Record<ImportLayout, string>>;

/** The source of a layout. */
export function importSource(layout: ImportLayout): ImportSource<ImportLayout> {
  return IMPORT_SOURCES.find((source) => source.id === layout)!;
}

/** The layout a header row names, or null. */
export function detectLayout(header: readonly string[]): ImportLayout | null {
  const names = new Set(header.map((name) => name.trim()));
  return IMPORT_SOURCES.find((source) => source.columns.every((column) => names.has(column)))?.id ?? null;
}

/** The sources' short names as a sentence says them: "Goodreads or StoryGraph". */
export function sourceLabels(sources: readonly ImportSource[] = IMPORT_SOURCES): string {
  const labels = sources.map((source) => source.label);
  return labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/** The columns each source's export must have: "Goodreads: Title, Author, …; StoryGraph: …". */
export function sourceColumns(sources: readonly ImportSource[] = IMPORT_SOURCES): string {
  return sources.map((source) => `${source.label}: ${source.columns.join(', ')}`).join('; ');
}
