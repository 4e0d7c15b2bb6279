import { describe, expect, it } from 'vitest';
import {
  lightMarkupSummary,
  lightMarkupToText,
  parseInline,
  renderLightMarkup,
} from '../../../../src/domain/shared/light-markup.ts';

const blog = (s: string) => renderLightMarkup(s, 'blog');
const news = (s: string) => renderLightMarkup(s, 'newsletter');

describe('light markup, rule by rule', () => {
  it("'## ' is a heading and '### ' a subheading", () => {
    expect(blog('## What is new')).toBe('<h2>What is new</h2>');
    expect(blog('### Details')).toBe('<h3>Details</h3>');
  });

  it('headings shift down one level inside a list of items', () => {
    expect(renderLightMarkup('## A\n### B', 'blog', { headingLevel: 3 })).toBe('<h3>A</h3>\n<h4>B</h4>');
  });

  it("'#' alone, '####' and a heading marker without a space stay text", () => {
    expect(blog('# Big')).toBe('<p># Big</p>');
    expect(blog('#### Deep')).toBe('<p>#### Deep</p>');
    expect(blog('##NoSpace')).toBe('<p>##NoSpace</p>');
  });

  it("'---' is a rule", () => {
    expect(blog('---')).toBe('<hr>');
    expect(blog('above\n---\nbelow')).toBe('<p>above</p>\n<hr>\n<p>below</p>');
  });

  it("bold 'label: text' lines become items of one list", () => {
    expect(blog('**Dates:** to be confirmed.\n**Location:** a cottage.')).toBe(
      '<ul><li><strong>Dates:</strong> to be confirmed.</li><li><strong>Location:</strong> a cottage.</li></ul>',
    );
  });

  it('a blank line between label lines starts a new list', () => {
    expect(blog('**A:** one\n\n**B:** two')).toBe(
      '<ul><li><strong>A:</strong> one</li></ul>\n<ul><li><strong>B:</strong> two</li></ul>',
    );
  });

  it("a line in single asterisks containing ' - ' is a quote with its source", () => {
    expect(blog('*"Read widely." - A member*')).toBe(
      '<blockquote><p>&quot;Read widely.&quot;</p><footer>- A member</footer></blockquote>',
    );
  });

  it("the quote's source is after the last ' - '", () => {
    expect(blog('*Twenty - twenty vision - Anon*')).toBe(
      '<blockquote><p>Twenty - twenty vision</p><footer>- Anon</footer></blockquote>',
    );
  });

  it("an asterisk line without ' - ' is text", () => {
    expect(blog('*just emphasis*')).toBe('<p>*just emphasis*</p>');
  });

  it('a fully bold line is a centred bold line', () => {
    expect(blog('**Happy reading!**')).toBe('<p class="centered"><strong>Happy reading!</strong></p>');
  });

  it('paragraphs split on blank lines; lines within one are kept with a line break', () => {
    expect(blog('First line\nsecond line\n\nNext paragraph')).toBe(
      '<p>First line<br>second line</p>\n<p>Next paragraph</p>',
    );
  });

  it('bold inside text is bold; an unpaired ** stays literal', () => {
    expect(blog('Some **bold** words')).toBe('<p>Some <strong>bold</strong> words</p>');
    expect(blog('2 ** 3 is eight')).toBe('<p>2 ** 3 is eight</p>');
    expect(parseInline('a **b** c')).toEqual([
      { text: 'a ', bold: false },
      { text: 'b', bold: true },
      { text: ' c', bold: false },
    ]);
  });

  it('newsletters: numbered bold items form an ordered list', () => {
    expect(news('1. **Open your book** and edit.\n2. **Save.**')).toBe(
      '<ol><li><strong>Open your book</strong> and edit.</li><li><strong>Save.</strong></li></ol>',
    );
  });

  it('newsletters: dashed bold items form an unordered list', () => {
    expect(news('- **A coastal mystery:** for rainy days.\n- **Winter retreat**')).toBe(
      '<ul><li><strong>A coastal mystery:</strong> for rainy days.</li><li><strong>Winter retreat</strong></li></ul>',
    );
  });

  it('the blog does not treat numbered or dashed items as lists', () => {
    expect(blog('1. **One** thing')).toBe('<p>1. <strong>One</strong> thing</p>');
    expect(blog('- **One** thing')).toBe('<p>- <strong>One</strong> thing</p>');
  });

  it('a numbered or dashed item without bold is text in newsletters too', () => {
    expect(news('1. plain')).toBe('<p>1. plain</p>');
  });

  it('Windows line endings and surrounding spaces are ignored', () => {
    expect(blog('  ## Title  \r\n\r\nText')).toBe('<h2>Title</h2>\n<p>Text</p>');
  });

  it('empty input renders nothing', () => {
    expect(blog('')).toBe('');
    expect(blog('\n\n  \n')).toBe('');
  });
});

describe('nothing executable comes out (XSS corpus)', () => {
  const corpus = [
    '<script>alert(1)</script>',
    '## <img src=x onerror=alert(1)>',
    '**<b onmouseover="alert(1)">x</b>:** y',
    '*"<svg onload=alert(1)>" - <iframe src="javascript:alert(1)">*',
    '**</p><script>alert(1)</script>**',
    '[click](javascript:alert(1))',
    '<a href="javascript:alert(1)">x</a>',
    '<div style="background:url(javascript:alert(1))">',
    '"><script>alert(1)</script>',
    "'';!--\"<XSS>=&{()}",
    '<<script>script>alert(1)<</script>/script>',
    '1. **<style>body{display:none}</style>** x',
    '- **x** <object data="data:text/html,<script>alert(1)</script>">',
    '<!-- <script> -->',
    '&lt;script&gt; already escaped',
  ];

  for (const variant of ['blog', 'newsletter'] as const) {
    it(`${variant}: no tag other than the renderer's own, no attribute but its class`, () => {
      for (const input of corpus) {
        const html = renderLightMarkup(input, variant);
        const tags = [...html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/gi)];
        for (const [, name, attrs] of tags) {
          expect([
            'h2',
            'h3',
            'h4',
            'p',
            'ul',
            'ol',
            'li',
            'strong',
            'blockquote',
            'footer',
            'hr',
            'br',
          ]).toContain(name);
          expect(attrs === '' || attrs === ' class="centered"').toBe(true);
        }
        expect(html).not.toMatch(/<script|<img|<iframe|<svg|<style|<object|<a |<!--/i);
      }
    });
  }

  it('shows the dangerous text as text', () => {
    expect(blog('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(blog('&lt;')).toBe('<p>&amp;lt;</p>');
  });
});

describe('plain text and summaries', () => {
  it('drops the markers and keeps the words', () => {
    const text = lightMarkupToText(
      '## Hi\n\n**A:** one\n\n---\n\n*"Q" - S*\n\n**Bye**\n\n1. **X** y',
      'newsletter',
    );
    expect(text).toBe('HI\n\n- A: one\n\n----------\n\n"Q" - S\n\nBye\n\n1. X y');
  });

  it('summarises with the first paragraph, cut at a word', () => {
    expect(lightMarkupSummary('## H\n\nFirst para here.\n\nSecond.', 'blog')).toBe('First para here.');
    expect(lightMarkupSummary('one two three four five six', 'blog', 15)).toBe('one two three…');
    expect(lightMarkupSummary('## Only a heading', 'blog')).toBe('');
  });
});
