/** The StoryGraph's export ("Manage Account", "Export StoryGraph Library"), read into rows. */
import { AUTHOR_MAX, TITLE_MAX } from '../import-row.ts';
import {
  SHELF_NAMES,
  dayOf,
  isbnOf,
  namesOf,
  reviewOf,
  starsOf,
  type ImportSource,
} from '../import-source.ts';

/** The StoryGraph export: its Read Status is the shelf, its Tags the member's own shelves. */
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
    const started = last.length === 2 ? dayOf(last[0]!, 'Dates Read') : null;
    const finished =
      dayOf(get('Last Date Read'), 'Last Date Read') ??
      (last.length === 2 ? dayOf(last[1]!, 'Dates Read') : null);
    const custom = namesOf(get('Tags'));
    return {
      row,
      title: get('Title').trim().slice(0, TITLE_MAX),
      author: get('Authors').split(',')[0]!.trim().slice(0, AUTHOR_MAX),
      isbn13: isbnOf(get('ISBN/UID')),
      shelf: SHELF_NAMES[status] ?? null,
      custom_shelves: status === 'did-not-finish' && !custom.includes(status) ? [status, ...custom] : custom,
      rating: starsOf(get('Star Rating'), 'Star Rating'),
      review: reviewOf(get('Review')),
      started_on: started,
      finished_on: finished,
      added_on: dayOf(get('Date Added'), 'Date Added'),
    };
  },
} as const satisfies ImportSource<'storygraph'>;
