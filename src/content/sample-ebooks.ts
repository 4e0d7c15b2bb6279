/**
 * The static sample eBook library of /free-ebooks: six books with the genres Technology, Self-Help, Writing, Business,
 * Arts and Health, and the four sort orders. The covers are small WebP files in
 * public/free-ebooks/ and the downloads plain-text editions next to them, so the
 * page depends on nothing outside the site.
 */
import { z } from 'zod';

/** One sample eBook. */
export const sampleEbookSchema = z.object({
  /** Stable id, also the file stem of its cover and download. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Title. */
  title: z.string().min(1),
  /** Author's name. */
  author: z.string().min(1),
  /** One-paragraph description. */
  description: z.string().min(1),
  /** Cover image (site path). */
  coverImageUrl: z.string().startsWith('/'),
  /** Download of the whole book (site path). */
  downloadUrl: z.string().startsWith('/'),
  /** Optional video introduction; none of the samples has one. */
  videoUrl: z.url().optional(),
  /** Display genre. */
  genre: z.string().min(1),
  /** Average reader rating, 0–5. */
  rating: z.number().min(0).max(5),
  /** Times downloaded. */
  downloadCount: z.number().int().min(0),
  /** Publication date (ISO yyyy-mm-dd). */
  publishedDate: z.iso.date(),
});
/** A sample eBook. */
export type SampleEbook = z.infer<typeof sampleEbookSchema>;

/** The sort orders offered, with their labels. */
export const SAMPLE_EBOOK_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'downloads', label: 'Most downloaded' },
  { value: 'rating', label: 'Highest rated' },
  { value: 'title', label: 'Title (A–Z)' },
] as const;
/** A sort order value. */
export type SampleEbookSort = (typeof SAMPLE_EBOOK_SORTS)[number]['value'];

const files = (id: string) => ({
  coverImageUrl: `/free-ebooks/${id}.webp`,
  downloadUrl: `/free-ebooks/${id}.txt`,
});

/** The six sample books, validated when the module loads (a typo fails the build, not the page). */
export const SAMPLE_EBOOKS: readonly SampleEbook[] = z
  .array(sampleEbookSchema)
  .length(6)
  .parse([
    {
      id: 'plain-guide-to-the-web',
      title: 'A Plain Guide to the Web',
      author: 'Tomasz Wróbel',
      description:
        'How a page travels from a server to your screen, explained without jargon: addresses, requests, browsers and the habits that keep your accounts safe.',
      ...files('plain-guide-to-the-web'),
      genre: 'Technology',
      rating: 4.6,
      downloadCount: 18_420,
      publishedDate: '2024-03-12',
    },
    {
      id: 'small-steps-daily',
      title: 'Small Steps, Daily',
      author: 'Amara Okafor',
      description:
        'A gentle workbook for building habits that last: one short exercise a day for thirty days, with room to write down what worked and what did not.',
      ...files('small-steps-daily'),
      genre: 'Self-Help',
      rating: 4.8,
      downloadCount: 25_310,
      publishedDate: '2023-11-02',
    },
    {
      id: 'first-draft-field-notes',
      title: 'First Draft Field Notes',
      author: 'Lena Hartmann',
      description:
        'Practical advice for finishing the first draft of a novel: planning just enough, writing through the middle, and revising only once the end is on the page.',
      ...files('first-draft-field-notes'),
      genre: 'Writing',
      rating: 4.7,
      downloadCount: 12_955,
      publishedDate: '2024-06-18',
    },
    {
      id: 'bookshop-on-the-corner',
      title: 'The Bookshop on the Corner: A Small Business Primer',
      author: 'Rafael Mendes',
      description:
        'Costs, stock, pricing and community events: what an independent bookseller learned in ten years of running a neighbourhood shop, in plain numbers.',
      ...files('bookshop-on-the-corner'),
      genre: 'Business',
      rating: 4.3,
      downloadCount: 8_760,
      publishedDate: '2022-09-27',
    },
    {
      id: 'drawing-the-everyday',
      title: 'Drawing the Everyday',
      author: 'Yuki Tanaka',
      description:
        'Sketchbook lessons for beginners: lines, light and perspective practised on the things around you, from a coffee cup to a city street.',
      ...files('drawing-the-everyday'),
      genre: 'Arts',
      rating: 4.5,
      downloadCount: 15_080,
      publishedDate: '2024-01-25',
    },
    {
      id: 'rest-well',
      title: 'Rest Well: Sleep for Busy People',
      author: 'Dr. Helen Brooks',
      description:
        'What sleep does, why it slips away when life gets busy, and small evidence-based changes to evenings and mornings that help you rest better.',
      ...files('rest-well'),
      genre: 'Health',
      rating: 4.4,
      downloadCount: 21_640,
      publishedDate: '2023-05-09',
    },
  ]);

/** The books in a sort order: newest first, most downloaded, highest rated (ties by title) or by title. */
export function sortSampleEbooks(books: readonly SampleEbook[], sort: SampleEbookSort): SampleEbook[] {
  const byTitle = (a: SampleEbook, b: SampleEbook) => a.title.localeCompare(b.title, 'en');
  const compare: Record<SampleEbookSort, (a: SampleEbook, b: SampleEbook) => number> = {
    newest: (a, b) => b.publishedDate.localeCompare(a.publishedDate) || byTitle(a, b),
    downloads: (a, b) => b.downloadCount - a.downloadCount || byTitle(a, b),
    rating: (a, b) => b.rating - a.rating || byTitle(a, b),
    title: byTitle,
  };
  return [...books].sort(compare[sort]);
}
