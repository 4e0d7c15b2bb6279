/** The StoryGraph's export ("Manage Account", "Export StoryGraph Library"), read into rows. */
import * as cell from '../import-source.ts';

/** The StoryGraph export: its Read Status is the shelf, its Tags the member's own shelves, its Moods, Pace and Content Warnings how the book felt. */
export const storygraph = {
  id: 'storygraph',
  name: 'The StoryGraph',
  label: 'StoryGraph',
  columns: ['Title', 'Authors', 'ISBN/UID', 'Read Status'],
  row(get, row) {
    const status = get('Read Status').trim();
    // "Dates Read" holds each reading as start-end; the last one is the latest.
    const readings = get('Dates Read')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const last = readings.at(-1)?.split('-') ?? [];
    const started = last.length === 2 ? cell.dayOf(last[0]!, 'Dates Read') : null;
    const finished =
      cell.dayOf(get('Last Date Read'), 'Last Date Read') ??
      (last.length === 2 ? cell.dayOf(last[1]!, 'Dates Read') : null);
    const custom = cell.namesOf(get('Tags'));
    const warned = cell.warningsOf(get('Content Warnings'), get('Content Warning Description'));
    return {
      row,
      title: cell.titleOf(get('Title')),
      author: cell.authorOf(get('Authors').split(',')[0]!),
      isbn13: cell.isbnOf(get('ISBN/UID')),
      shelf: cell.SHELF_NAMES[status] ?? null,
      custom_shelves: custom,
      rating: cell.starsOf(get('Star Rating'), 'Star Rating'),
      review: cell.reviewOf(get('Review')),
      started_on: started,
      finished_on: finished,
      added_on: cell.dayOf(get('Date Added'), 'Date Added'),
      owned: /^yes$/i.test(get('Owned?').trim()),
      feel: {
        moods: cell.moodsOf(get('Moods')),
        pace: cell.paceOf(get('Pace')),
        warnings: warned.warnings,
        warning_note: warned.note,
      },
    };
  },
} as const satisfies cell.ImportSource<'storygraph'>;
