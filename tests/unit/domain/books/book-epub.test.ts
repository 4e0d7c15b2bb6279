import JSZip from 'jszip';
import * as epubModule from 'epub-gen-memory';
import { describe, expect, it } from 'vitest';
import { epubChapters, epubFileName, epubMeta, epubPath } from '../../../../src/domain/books/book-epub.ts';
import { escapeHtml } from '../../../../src/domain/shared/escape.ts';
import type { ManuscriptSection } from '../../../../src/domain/books/book.ts';

const ORIGIN = 'https://shelfmark.example';
const section = (
  order: number,
  type: ManuscriptSection['type'],
  content: string,
  title = '',
): ManuscriptSection => ({ id: `s${order}`, type, title, content, order });

describe('EPUB chapters from manuscript sections', () => {
  it('follows the reading order and titles of the online reader', () => {
    const chapters = epubChapters(
      { manuscript_content: [section(2, 'text', 'Second.', 'Two'), section(1, 'text', 'First.')] },
      ORIGIN,
    );
    expect(chapters.map((c) => c.title)).toEqual(['Section 1', 'Two']);
    expect(chapters[0]?.content).toBe('<p>First.</p>');
  });

  it('escapes text, splits paragraphs at blank lines and keeps single line breaks', () => {
    const [chapter] = epubChapters(
      {
        manuscript_content: [
          section(0, 'text', 'A <b>bold</b> & "odd" line\nnext line\n\n<img src="http://169.254.169.254/">'),
        ],
      },
      ORIGIN,
    );
    expect(chapter?.content).toBe(
      '<p>A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;odd&quot; line<br/>next line</p>\n<p>&lt;img src=&quot;http://169.254.169.254/&quot;&gt;</p>',
    );
  });

  it('never emits an image element: an image becomes a link on the site, unsafe addresses are dropped', () => {
    const chapters = epubChapters(
      {
        manuscript_content: [
          section(0, 'text', 'Opening.'),
          section(1, 'image', '/media/covers/a.png', 'Map'),
          section(2, 'image', 'javascript:alert(1)'),
          section(3, 'url', 'https://author.example/ch4?a=1&b=2'),
          section(4, 'image', 'file:///etc/passwd'),
        ],
      },
      ORIGIN,
    );
    const all = chapters.map((c) => c.content).join('\n');
    expect(all).not.toMatch(/<img/i);
    expect(chapters[1]?.content).toBe(
      '<p><a href="https://shelfmark.example/media/covers/a.png">View the image for this section online</a></p>',
    );
    expect(chapters[2]?.content).toBe('<p>This section has no content yet.</p>');
    expect(chapters[3]?.content).toContain('href="https://author.example/ch4?a=1&amp;b=2"');
    expect(all).not.toContain('javascript:');
    expect(all).not.toContain('file:');
  });

  it('has no chapters for a book that offers no reading (no text or url section)', () => {
    expect(epubChapters({ manuscript_content: [] }, ORIGIN)).toEqual([]);
    expect(epubChapters({ manuscript_content: [section(0, 'image', '/media/a.png')] }, ORIGIN)).toEqual([]);
  });

  it('drops characters XML forbids', () => {
    expect(
      epubChapters({ manuscript_content: [section(0, 'text', 'a\u0000b\u0007c', 'T\u0001')] }, ORIGIN)[0],
    ).toEqual({ title: 'T', content: '<p>abc</p>' });
  });
});

describe('EPUB file name, path and metadata', () => {
  it('names the file after the title in safe ASCII', () => {
    expect(epubFileName('Café "Noir": A Story')).toBe('cafe-noir-a-story.epub');
    expect(epubFileName('"; rm -rf / ; \r\n')).toBe('rm-rf.epub');
    expect(epubFileName('日本語')).toBe('book.epub');
    expect(epubFileName('x'.repeat(200))).toHaveLength(80 + '.epub'.length);
    expect(epubPath('abc_1')).toBe('/book/abc_1/download.epub');
  });

  it('credits the author snapshot, else the site', () => {
    expect(
      epubMeta(
        { title: 'T', description: '', author: { display_name: 'Ann' }, is_full_book_free: true },
        'Shelfmark',
      ),
    ).toMatchObject({
      title: 'T',
      author: 'Ann',
      publisher: 'Shelfmark',
      description: 'Full Book Free Reading.',
      lang: 'en',
    });
    expect(
      epubMeta({ title: 'T', description: 'D', author: undefined, is_full_book_free: false }, 'Shelfmark')
        .author,
    ).toBe('Shelfmark');
  });

  it('escapeHtml covers the five XML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('the EPUB the library builds from these chapters', () => {
  it('is a zip with the EPUB mimetype, the chapter text escaped, and no fetched images', async () => {
    const m = epubModule as unknown as { default: { default?: unknown } | ((...a: unknown[]) => unknown) };
    const epub = (typeof m.default === 'function' ? m.default : m.default.default) as (
      o: object,
      c: object[],
    ) => Promise<Buffer>;
    const chapters = epubChapters(
      {
        manuscript_content: [
          section(0, 'text', 'Hello <world> & you', 'One'),
          section(1, 'image', '/media/x.png'),
        ],
      },
      ORIGIN,
    );
    const bytes = await epub(
      {
        ...epubMeta(
          { title: 'T & U', description: 'D', author: { display_name: 'Ann' }, is_full_book_free: true },
          'Shelfmark',
        ),
        version: 3,
        ignoreFailedDownloads: true,
        verbose: false,
      },
      chapters,
    );
    const zip = await JSZip.loadAsync(bytes);
    expect(await zip.file('mimetype')?.async('string')).toBe('application/epub+zip');
    const names = Object.keys(zip.files);
    expect(names.some((n) => /\.(png|jpe?g|gif|webp|svg)$/i.test(n))).toBe(false);
    const xhtml = (
      await Promise.all(names.filter((n) => n.endsWith('.xhtml')).map((n) => zip.file(n)!.async('string')))
    ).join('\n');
    expect(xhtml).toContain('Hello &lt;world&gt; &amp; you');
    expect(xhtml).toContain('https://shelfmark.example/media/x.png');
    expect(xhtml).not.toMatch(/<img/i);
  });
});
