// Writes the Open Library stand-in's bundled sample (sample.json beside this file):
// `node --import tsx scripts/openlibrary-standin/generate-sample.ts`. Deterministic
// (a seeded generator, no clock), so running it again gives the same file; the file
// is committed and the stand-in only reads it. Records are in Open Library's own
// shapes (authors, works, editions), ids in Open Library's form (OL…A, OL…W, OL…M).
// The titles and authors are real; ids, ISBNs, publishers and cover ids are made up
// except for a few well-known editions, and every ISBN has a valid check digit.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isbn10Of, isStoredIsbn } from '../../src/domain/books/isbn.ts';
import { mulberry32 } from '../seed/prng.ts';

interface WorkSeed {
  title: string;
  authors: string[];
  year: number;
  language: string;
  subjects: string[];
  description?: string;
  /** Real editions, kept as they are (ISBN-13 first). */
  known?: { isbn13: string; publisher: string; date: string; pages: number; format: string }[];
}

/** Authors by name: [birth, death, bio]. */
const AUTHORS: Record<string, [string, string, string?]> = {
  'Jane Austen': ['16 December 1775', '18 July 1817', 'English novelist known for her six major novels.'],
  'Herman Melville': [
    '1 August 1819',
    '28 September 1891',
    'American novelist, short story writer and poet.',
  ],
  'George Eliot': ['22 November 1819', '22 December 1880', 'Pen name of Mary Ann Evans, English novelist.'],
  'Charles Dickens': ['7 February 1812', '9 June 1870'],
  'Charlotte Brontë': [
    '21 April 1816',
    '31 March 1855',
    'English novelist and poet, the eldest of the Brontë sisters.',
  ],
  'Emily Brontë': ['30 July 1818', '19 December 1848'],
  'Mary Shelley': ['30 August 1797', '1 February 1851', 'English novelist who wrote Frankenstein.'],
  'Leo Tolstoy': ['9 September 1828', '20 November 1910'],
  'Лев Толстой': ['9 September 1828', '20 November 1910', 'Русский писатель.'],
  'Фёдор Достоевский': ['11 November 1821', '9 February 1881'],
  'Михаил Булгаков': ['15 May 1891', '10 March 1940'],
  'Fyodor Dostoevsky': ['11 November 1821', '9 February 1881'],
  夏目漱石: ['9 February 1867', '9 December 1916', '日本の小説家、英文学者。'],
  芥川龍之介: ['1 March 1892', '24 July 1927'],
  紫式部: ['973', '1014'],
  Όμηρος: ['', ''],
  'Νίκος Καζαντζάκης': ['18 February 1883', '26 October 1957'],
  'نجيب محفوظ': ['11 December 1911', '30 August 2006', 'روائي مصري حائز على جائزة نوبل في الأدب.'],
  Homer: ['', '', 'Ancient Greek poet to whom the Iliad and the Odyssey are attributed.'],
  'Miguel de Cervantes': ['29 September 1547', '22 April 1616'],
  'Gustave Flaubert': ['12 December 1821', '8 May 1880'],
  'Victor Hugo': ['26 February 1802', '22 May 1885'],
  'Mark Twain': ['30 November 1835', '21 April 1910'],
  'Nathaniel Hawthorne': ['4 July 1804', '19 May 1864'],
  'Thomas Hardy': ['2 June 1840', '11 January 1928'],
  'Virginia Woolf': [
    '25 January 1882',
    '28 March 1941',
    'English writer, a modernist of the twentieth century.',
  ],
  'James Joyce': ['2 February 1882', '13 January 1941'],
  'F. Scott Fitzgerald': ['24 September 1896', '21 December 1940'],
  'Joseph Conrad': ['3 December 1857', '3 August 1924'],
  'Oscar Wilde': ['16 October 1854', '30 November 1900'],
  'Bram Stoker': ['8 November 1847', '20 April 1912'],
  'Lewis Carroll': ['27 January 1832', '14 January 1898'],
  'Jonathan Swift': ['30 November 1667', '19 October 1745'],
  'Daniel Defoe': ['1660', '24 April 1731'],
  'Henry James': ['15 April 1843', '28 February 1916'],
  'Edith Wharton': ['24 January 1862', '11 August 1937'],
  'Louisa May Alcott': ['29 November 1832', '6 March 1888'],
  'Terry Pratchett': ['28 April 1948', '12 March 2015'],
  'Neil Gaiman': ['10 November 1960', ''],
  'Karl Marx': ['5 May 1818', '14 March 1883'],
  'Friedrich Engels': ['28 November 1820', '5 August 1895'],
  'William Wordsworth': ['7 April 1770', '23 April 1850'],
  'Samuel Taylor Coleridge': ['21 October 1772', '25 July 1834'],
  'Alexander Hamilton': ['11 January 1755', '12 July 1804'],
  'James Madison': ['16 March 1751', '28 June 1836'],
  'John Jay': ['12 December 1745', '17 May 1829'],
  'Arthur Conan Doyle': ['22 May 1859', '7 July 1930'],
  'H. G. Wells': ['21 September 1866', '13 August 1946'],
  'Jules Verne': ['8 February 1828', '24 March 1905'],
  'Alexandre Dumas': ['24 July 1802', '5 December 1870'],
  'Anton Chekhov': ['29 January 1860', '15 July 1904'],
  'Elizabeth Gaskell': ['29 September 1810', '12 November 1865'],
  'Anthony Trollope': ['24 April 1815', '6 December 1882'],
  'Kate Chopin': ['8 February 1850', '22 August 1904'],
};

const WORKS: WorkSeed[] = [
  {
    title: 'Pride and Prejudice',
    authors: ['Jane Austen'],
    year: 1813,
    language: 'eng',
    subjects: ['Courtship', 'Sisters', 'England -- Fiction', 'Love stories'],
    description:
      'Elizabeth Bennet and Mr Darcy misjudge each other across the drawing rooms of Hertfordshire.',
    known: [
      {
        isbn13: '9780141439518',
        publisher: 'Penguin Classics',
        date: '2003',
        pages: 480,
        format: 'Paperback',
      },
    ],
  },
  {
    title: 'Sense and Sensibility',
    authors: ['Jane Austen'],
    year: 1811,
    language: 'eng',
    subjects: ['Sisters', 'Fiction'],
  },
  {
    title: 'Emma',
    authors: ['Jane Austen'],
    year: 1815,
    language: 'eng',
    subjects: ['Matchmaking', 'Fiction'],
  },
  { title: 'Persuasion', authors: ['Jane Austen'], year: 1817, language: 'eng', subjects: ['Love stories'] },
  {
    title: 'Moby-Dick',
    authors: ['Herman Melville'],
    year: 1851,
    language: 'eng',
    subjects: ['Whaling', 'Sea stories', 'Obsession'],
    description: 'Captain Ahab pursues the white whale that took his leg.',
    known: [
      {
        isbn13: '9780142437247',
        publisher: 'Penguin Classics',
        date: '2002',
        pages: 720,
        format: 'Paperback',
      },
    ],
  },
  {
    title: 'Bartleby, the Scrivener',
    authors: ['Herman Melville'],
    year: 1853,
    language: 'eng',
    subjects: ['Short stories'],
  },
  {
    title: 'Middlemarch',
    authors: ['George Eliot'],
    year: 1871,
    language: 'eng',
    subjects: ['Provincial life', 'Marriage', 'England -- Fiction'],
    description: 'A study of provincial life in a Midlands town.',
    known: [
      {
        isbn13: '9780141439549',
        publisher: 'Penguin Classics',
        date: '2003',
        pages: 880,
        format: 'Paperback',
      },
    ],
  },
  { title: 'Silas Marner', authors: ['George Eliot'], year: 1861, language: 'eng', subjects: ['Weavers'] },
  {
    title: 'The Mill on the Floss',
    authors: ['George Eliot'],
    year: 1860,
    language: 'eng',
    subjects: ['Siblings'],
  },
  {
    title: 'Great Expectations',
    authors: ['Charles Dickens'],
    year: 1861,
    language: 'eng',
    subjects: ['Orphans', 'Bildungsromans'],
  },
  {
    title: 'Bleak House',
    authors: ['Charles Dickens'],
    year: 1853,
    language: 'eng',
    subjects: ['Lawsuits', 'London (England) -- Fiction'],
  },
  {
    title: 'A Tale of Two Cities',
    authors: ['Charles Dickens'],
    year: 1859,
    language: 'eng',
    subjects: ['French Revolution'],
  },
  {
    title: 'David Copperfield',
    authors: ['Charles Dickens'],
    year: 1850,
    language: 'eng',
    subjects: ['Bildungsromans'],
  },
  {
    title: 'Jane Eyre',
    authors: ['Charlotte Brontë'],
    year: 1847,
    language: 'eng',
    subjects: ['Governesses', 'Love stories'],
  },
  {
    title: 'Wuthering Heights',
    authors: ['Emily Brontë'],
    year: 1847,
    language: 'eng',
    subjects: ['Revenge', 'Yorkshire (England) -- Fiction'],
  },
  {
    title: 'Frankenstein',
    authors: ['Mary Shelley'],
    year: 1818,
    language: 'eng',
    subjects: ['Monsters', 'Science fiction'],
  },
  {
    title: 'War and Peace',
    authors: ['Leo Tolstoy'],
    year: 1869,
    language: 'eng',
    subjects: ['Napoleonic Wars, 1800-1815'],
  },
  {
    title: 'Anna Karenina',
    authors: ['Leo Tolstoy'],
    year: 1878,
    language: 'eng',
    subjects: ['Adultery', 'Russia -- Fiction'],
  },
  {
    title: 'Война и мир',
    authors: ['Лев Толстой'],
    year: 1869,
    language: 'rus',
    subjects: ['Russian fiction'],
  },
  {
    title: 'Преступление и наказание',
    authors: ['Фёдор Достоевский'],
    year: 1866,
    language: 'rus',
    subjects: ['Murder', 'Russian fiction'],
    description: 'Раскольников и его преступление.',
  },
  {
    title: 'Мастер и Маргарита',
    authors: ['Михаил Булгаков'],
    year: 1967,
    language: 'rus',
    subjects: ['Devil', 'Moscow (Russia) -- Fiction'],
  },
  {
    title: 'The Brothers Karamazov',
    authors: ['Fyodor Dostoevsky'],
    year: 1880,
    language: 'eng',
    subjects: ['Fathers and sons', 'Russian fiction'],
  },
  {
    title: '吾輩は猫である',
    authors: ['夏目漱石'],
    year: 1905,
    language: 'jpn',
    subjects: ['Cats', 'Japanese fiction'],
    description: '中学教師の家に飼われる猫の目から見た人間模様。',
  },
  { title: 'こころ', authors: ['夏目漱石'], year: 1914, language: 'jpn', subjects: ['Japanese fiction'] },
  { title: '羅生門', authors: ['芥川龍之介'], year: 1915, language: 'jpn', subjects: ['Short stories'] },
  {
    title: '源氏物語',
    authors: ['紫式部'],
    year: 1008,
    language: 'jpn',
    subjects: ['Heian period', 'Japanese classics'],
  },
  { title: 'Οδύσσεια', authors: ['Όμηρος'], year: -700, language: 'gre', subjects: ['Epic poetry, Greek'] },
  {
    title: 'Ο Καπετάν Μιχάλης',
    authors: ['Νίκος Καζαντζάκης'],
    year: 1953,
    language: 'gre',
    subjects: ['Crete (Greece) -- Fiction'],
  },
  {
    title: 'Βίος και πολιτεία του Αλέξη Ζορμπά',
    authors: ['Νίκος Καζαντζάκης'],
    year: 1946,
    language: 'gre',
    subjects: ['Greek fiction'],
  },
  {
    title: 'بين القصرين',
    authors: ['نجيب محفوظ'],
    year: 1956,
    language: 'ara',
    subjects: ['Cairo (Egypt) -- Fiction'],
    description: 'الجزء الأول من الثلاثية.',
  },
  {
    title: 'أولاد حارتنا',
    authors: ['نجيب محفوظ'],
    year: 1959,
    language: 'ara',
    subjects: ['Arabic fiction'],
  },
  { title: 'ألف ليلة وليلة', authors: [], year: 900, language: 'ara', subjects: ['Arabian nights', 'Tales'] },
  {
    title: 'The Odyssey',
    authors: ['Homer'],
    year: -700,
    language: 'eng',
    subjects: ['Epic poetry', 'Odysseus (Greek mythology)'],
  },
  {
    title: 'The Iliad',
    authors: ['Homer'],
    year: -750,
    language: 'eng',
    subjects: ['Trojan War', 'Epic poetry'],
  },
  {
    title: 'Don Quixote',
    authors: ['Miguel de Cervantes'],
    year: 1605,
    language: 'eng',
    subjects: ['Knights and knighthood', 'Spain -- Fiction'],
  },
  {
    title: 'Madame Bovary',
    authors: ['Gustave Flaubert'],
    year: 1857,
    language: 'eng',
    subjects: ['Adultery', 'France -- Fiction'],
  },
  {
    title: 'Les Misérables',
    authors: ['Victor Hugo'],
    year: 1862,
    language: 'fre',
    subjects: ['Paris (France) -- Fiction'],
  },
  {
    title: 'Adventures of Huckleberry Finn',
    authors: ['Mark Twain'],
    year: 1884,
    language: 'eng',
    subjects: ['Mississippi River -- Fiction'],
  },
  {
    title: 'The Scarlet Letter',
    authors: ['Nathaniel Hawthorne'],
    year: 1850,
    language: 'eng',
    subjects: ['Puritans', 'Massachusetts -- Fiction'],
  },
  {
    title: 'Tess of the d’Urbervilles',
    authors: ['Thomas Hardy'],
    year: 1891,
    language: 'eng',
    subjects: ['Wessex (England : Imaginary place)'],
  },
  {
    title: 'Far from the Madding Crowd',
    authors: ['Thomas Hardy'],
    year: 1874,
    language: 'eng',
    subjects: ['Farmers'],
  },
  {
    title: 'Mrs Dalloway',
    authors: ['Virginia Woolf'],
    year: 1925,
    language: 'eng',
    subjects: ['London (England) -- Fiction'],
  },
  {
    title: 'To the Lighthouse',
    authors: ['Virginia Woolf'],
    year: 1927,
    language: 'eng',
    subjects: ['Families', 'Scotland -- Fiction'],
  },
  {
    title: 'Ulysses',
    authors: ['James Joyce'],
    year: 1922,
    language: 'eng',
    subjects: ['Dublin (Ireland) -- Fiction'],
  },
  {
    title: 'The Great Gatsby',
    authors: ['F. Scott Fitzgerald'],
    year: 1925,
    language: 'eng',
    subjects: ['Long Island (N.Y.) -- Fiction'],
  },
  {
    title: 'Heart of Darkness',
    authors: ['Joseph Conrad'],
    year: 1899,
    language: 'eng',
    subjects: ['Congo River -- Fiction'],
  },
  {
    title: 'The Picture of Dorian Gray',
    authors: ['Oscar Wilde'],
    year: 1890,
    language: 'eng',
    subjects: ['Portraits', 'Fiction'],
  },
  {
    title: 'Dracula',
    authors: ['Bram Stoker'],
    year: 1897,
    language: 'eng',
    subjects: ['Vampires', 'Horror tales'],
  },
  {
    title: 'Alice’s Adventures in Wonderland',
    authors: ['Lewis Carroll'],
    year: 1865,
    language: 'eng',
    subjects: ['Fantasy', 'Children’s stories'],
  },
  {
    title: 'Gulliver’s Travels',
    authors: ['Jonathan Swift'],
    year: 1726,
    language: 'eng',
    subjects: ['Satire', 'Voyages, Imaginary'],
  },
  {
    title: 'Robinson Crusoe',
    authors: ['Daniel Defoe'],
    year: 1719,
    language: 'eng',
    subjects: ['Castaways', 'Islands -- Fiction'],
  },
  {
    title: 'The Portrait of a Lady',
    authors: ['Henry James'],
    year: 1881,
    language: 'eng',
    subjects: ['Americans -- Europe -- Fiction'],
  },
  {
    title: 'The Age of Innocence',
    authors: ['Edith Wharton'],
    year: 1920,
    language: 'eng',
    subjects: ['New York (N.Y.) -- Fiction'],
  },
  {
    title: 'Little Women',
    authors: ['Louisa May Alcott'],
    year: 1868,
    language: 'eng',
    subjects: ['Sisters', 'Families'],
  },
  {
    title: 'Good Omens',
    authors: ['Terry Pratchett', 'Neil Gaiman'],
    year: 1990,
    language: 'eng',
    subjects: ['Antichrist', 'Humorous fiction'],
    description: 'The world will end on Saturday. Next Saturday, in fact.',
  },
  {
    title: 'The Communist Manifesto',
    authors: ['Karl Marx', 'Friedrich Engels'],
    year: 1848,
    language: 'eng',
    subjects: ['Communism', 'Socialism'],
  },
  {
    title: 'Lyrical Ballads',
    authors: ['William Wordsworth', 'Samuel Taylor Coleridge'],
    year: 1798,
    language: 'eng',
    subjects: ['English poetry'],
  },
  {
    title: 'The Federalist Papers',
    authors: ['Alexander Hamilton', 'James Madison', 'John Jay'],
    year: 1788,
    language: 'eng',
    subjects: ['Constitutional history -- United States'],
  },
  {
    title: 'The Adventures of Sherlock Holmes',
    authors: ['Arthur Conan Doyle'],
    year: 1892,
    language: 'eng',
    subjects: ['Detective and mystery stories'],
  },
  {
    title: 'The Time Machine',
    authors: ['H. G. Wells'],
    year: 1895,
    language: 'eng',
    subjects: ['Time travel', 'Science fiction'],
  },
  {
    title: 'Twenty Thousand Leagues Under the Sea',
    authors: ['Jules Verne'],
    year: 1870,
    language: 'eng',
    subjects: ['Submarines', 'Sea stories'],
  },
  {
    title: 'The Count of Monte Cristo',
    authors: ['Alexandre Dumas'],
    year: 1844,
    language: 'eng',
    subjects: ['Revenge', 'Adventure stories'],
  },
  {
    title: 'The Cherry Orchard',
    authors: ['Anton Chekhov'],
    year: 1904,
    language: 'eng',
    subjects: ['Russian drama'],
  },
  {
    title: 'North and South',
    authors: ['Elizabeth Gaskell'],
    year: 1855,
    language: 'eng',
    subjects: ['Industrial relations -- Fiction'],
  },
  {
    title: 'Barchester Towers',
    authors: ['Anthony Trollope'],
    year: 1857,
    language: 'eng',
    subjects: ['Clergy -- Fiction'],
  },
  {
    title: 'The Awakening',
    authors: ['Kate Chopin'],
    year: 1899,
    language: 'eng',
    subjects: ['Women -- Fiction', 'Louisiana -- Fiction'],
  },
];

const PUBLISHERS = [
  'Penguin Books',
  'Oxford University Press',
  'Vintage Classics',
  'Wordsworth Editions',
  'Everyman’s Library',
  'Signet Classics',
  'Modern Library',
  'Dover Publications',
  'Bantam Classics',
  'Collins',
];
const LOCAL_PUBLISHERS: Record<string, string[]> = {
  jpn: ['岩波書店', '新潮社', '角川書店'],
  rus: ['Азбука', 'Эксмо', 'Художественная литература'],
  gre: ['Εκδόσεις Καζαντζάκη', 'Εκδόσεις Πατάκη'],
  ara: ['دار الشروق', 'مكتبة مصر'],
  fre: ['Gallimard', 'Le Livre de Poche'],
};
const FORMATS = ['Paperback', 'Hardcover', 'Mass Market Paperback', 'E-book'];
const MONTHS = ['January', 'March', 'May', 'June', 'September', 'October', 'November'];

/** The sample: the same records on every call (the generator is seeded afresh). */
export function generateSample() {
  const random = mulberry32(53);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;

  /** A made-up ISBN pair: the ISBN-13 (978 or 979) and, for a 978 one, its ISBN-10. */
  function madeUpIsbn(prefix: '978' | '979'): { isbn13: string; isbn10: string | null } {
    const nine = String(int(0, 999_999_999)).padStart(9, '0');
    for (let digit = 0; digit <= 9; digit += 1) {
      const isbn13 = `${prefix}${nine}${digit}`;
      if (isStoredIsbn(isbn13)) return { isbn13, isbn10: isbn10Of(isbn13) };
    }
    throw new Error('no check digit fits');
  }

  let authorSerial = 1_000_000;
  let workSerial = 2_000_000;
  let editionSerial = 3_000_000;
  let coverSerial = 8_000_000;
  const LAST_MODIFIED = { type: '/type/datetime', value: '2024-05-01T10:00:00.000000' };

  const authors = Object.entries(AUTHORS).map(([name, [birth, death, bio]], i) => {
    const key = name === 'Jane Austen' ? '/authors/OL21594A' : `/authors/OL${(authorSerial += 7)}A`;
    return {
      key,
      name,
      personal_name: name,
      ...(birth ? { birth_date: birth } : {}),
      ...(death ? { death_date: death } : {}),
      // A bio comes in both of Open Library's shapes: a string, or { type, value }.
      ...(bio ? { bio: i % 2 === 0 ? bio : { type: '/type/text', value: bio } } : {}),
      type: { key: '/type/author' },
      revision: 3,
      last_modified: LAST_MODIFIED,
    };
  });
  const authorKey = new Map(authors.map((author) => [author.name, author.key]));

  const works: Record<string, unknown>[] = [];
  const editions: Record<string, unknown>[] = [];
  WORKS.forEach((seed, index) => {
    const key = seed.title === 'Pride and Prejudice' ? '/works/OL66554W' : `/works/OL${(workSerial += 11)}W`;
    const editionCount = seed.known ? 5 : int(1, 4);
    const workEditions: Record<string, unknown>[] = [];
    for (let n = 0; n < editionCount; n += 1) {
      const known = seed.known?.[n];
      const language = n > 0 && seed.language !== 'eng' && random() < 0.3 ? 'eng' : seed.language;
      const publisher = known?.publisher ?? pick(LOCAL_PUBLISHERS[language] ?? PUBLISHERS);
      const year = Math.max(seed.year, 1900) + int(0, 120);
      // Which ISBNs the edition carries: both, ISBN-13 only, ISBN-10 only, a 979 ISBN-13, or none.
      const shape = known ? 'both' : pick(['both', 'both', '13', '13', '10', '979', 'none'] as const);
      let isbn: Record<string, string[]> = {};
      if (known) isbn = { isbn_13: [known.isbn13], isbn_10: [isbn10Of(known.isbn13)!] };
      else if (shape === '979') isbn = { isbn_13: [madeUpIsbn('979').isbn13] };
      else if (shape !== 'none') {
        const made = madeUpIsbn('978');
        if (shape !== '10') isbn.isbn_13 = [made.isbn13];
        if (shape !== '13') isbn.isbn_10 = [made.isbn10!];
      }
      const hasCover = random() < 0.75;
      workEditions.push({
        key: `/books/OL${(editionSerial += 13)}M`,
        title: seed.title,
        ...(n === 1 && seed.language === 'eng' ? { subtitle: 'A Novel' } : {}),
        authors: seed.authors.map((name) => ({ key: authorKey.get(name)! })),
        works: [{ key }],
        ...isbn,
        publishers: [publisher],
        publish_date:
          known?.date ?? (random() < 0.5 ? String(year) : `${pick(MONTHS)} ${int(1, 28)}, ${year}`),
        ...(random() < 0.85 ? { number_of_pages: known?.pages ?? int(96, 1200) } : {}),
        physical_format: known?.format ?? pick(FORMATS),
        languages: [{ key: `/languages/${language}` }],
        ...(hasCover ? { covers: [(coverSerial += 17)] } : {}),
        type: { key: '/type/edition' },
        revision: int(1, 9),
        last_modified: LAST_MODIFIED,
      });
    }
    editions.push(...workEditions);
    const cover = workEditions.find((edition) => edition.covers)?.covers as number[] | undefined;
    // A description in both of Open Library's shapes; one work's cover was removed (-1).
    const description = seed.description
      ? { description: index % 2 === 0 ? seed.description : { type: '/type/text', value: seed.description } }
      : {};
    works.push({
      key,
      title: seed.title,
      authors: seed.authors.map((name) => ({
        author: { key: authorKey.get(name)! },
        type: { key: '/type/author_role' },
      })),
      ...description,
      subjects: seed.subjects,
      ...(seed.title === 'Silas Marner' ? { covers: [-1] } : cover ? { covers: cover } : {}),
      first_publish_date: seed.year > 0 ? String(seed.year) : `${-seed.year} BCE`,
      type: { key: '/type/work' },
      revision: int(2, 20),
      last_modified: LAST_MODIFIED,
    });
  });

  return { note: 'Generated by generate-sample.ts; do not edit by hand.', authors, works, editions };
}

/** The sample as sample.json holds it. */
export function sampleText(): string {
  return `${JSON.stringify(generateSample())}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = join(import.meta.dirname, 'sample.json');
  const sample = generateSample();
  writeFileSync(file, sampleText());
  console.log(
    `${file}: ${sample.authors.length} authors, ${sample.works.length} works, ${sample.editions.length} editions`,
  );
}
