// The sources an import reads are one table (src/domain/imports/import-sources.ts): a
// header picks its source, and the import's messages name the sources from the table,
// so a third source is one file and one row.
import { describe, expect, it } from 'vitest';
import type { ImportSource } from '../../../../src/domain/imports/import-source.ts';
import {
  IMPORT_LAYOUTS,
  IMPORT_LAYOUT_NAMES,
  IMPORT_SOURCES,
  detectLayout,
  importSource,
  sourceColumns,
  sourceLabels,
} from '../../../../src/domain/imports/import-sources.ts';
import { READING_IMPORT_MESSAGES } from '../../../../src/domain/imports/reading-csv.ts';

describe('the import sources’ table', () => {
  it('holds Goodreads and The StoryGraph, each once, under the layouts imports store', () => {
    expect(IMPORT_LAYOUTS).toEqual(['goodreads', 'storygraph']);
    expect(IMPORT_LAYOUT_NAMES).toEqual({ goodreads: 'Goodreads', storygraph: 'The StoryGraph' });
    expect(new Set(IMPORT_SOURCES.map((source) => source.id)).size).toBe(IMPORT_SOURCES.length);
    expect(importSource('storygraph').name).toBe('The StoryGraph');
  });

  it('picks a source by the columns only its export has', () => {
    expect(detectLayout([' Title', 'Author', 'ISBN13', 'Exclusive Shelf', 'My Rating'])).toBe('goodreads');
    expect(detectLayout(['Title', 'Authors', 'ISBN/UID', 'Read Status'])).toBe('storygraph');
    expect(detectLayout(['Title', 'Author', 'ISBN'])).toBeNull();
  });

  it('names the sources in the messages from the table', () => {
    expect(READING_IMPORT_MESSAGES.notCsv).toBe(
      'This file is not a CSV file. Upload the CSV file your Goodreads or StoryGraph export gave you.',
    );
    expect(READING_IMPORT_MESSAGES.unknownLayout).toBe(
      'This CSV file is not a Goodreads or StoryGraph export: its first row does not name their columns (Goodreads: Title, Author, ISBN13, Exclusive Shelf; StoryGraph: Title, Authors, ISBN/UID, Read Status).',
    );
  });

  it('would name a third source in the same sentences', () => {
    const third: ImportSource = {
      id: 'librarything',
      name: 'LibraryThing',
      label: 'LibraryThing',
      columns: ['Title', 'Primary Author', 'ISBNs'],
      row: () => {
        throw new Error('not read here');
      },
    };
    const sources = [...IMPORT_SOURCES, third];
    expect(sourceLabels(sources)).toBe('Goodreads, StoryGraph or LibraryThing');
    expect(sourceColumns(sources)).toMatch(/; LibraryThing: Title, Primary Author, ISBNs$/);
  });
});
