/**
 * The light markup of blog posts and newsletters, parsed line by line into
 * blocks and rendered to HTML or plain text.
 *
 * Rules (a line is read after trimming):
 * - '## text' is a heading, '### text' a subheading.
 * - '---' is a horizontal rule.
 * - '**label:** text' (a bold label ending in a colon) is a list item; consecutive ones form one list.
 * - Newsletters only: '1. **bold** text' is a numbered item and '- **bold** text' a dashed item.
 * - '*text - source*' (wrapped in single asterisks, containing ' - ') is a quote with its source.
 * - '**text**' (the whole line bold) is a centred bold line.
 * - Any other line is text; consecutive text lines form one paragraph, and a blank
 *   line (or any other block) ends it. Inside text, '**bold**' is bold.
 *
 * Safety comes from construction, not from cleaning: every character of the input
 * is HTML-escaped and the only tags emitted are the fixed ones below, without
 * attributes other than a fixed class. There are no links, images or raw HTML in
 * this markup, so `<script>`, `javascript:` URLs and event handlers are shown as text.
 */
import { escapeHtml } from './escape.ts';

/** Which collection's rules apply: newsletters add numbered and dashed bold items. */
export type LightMarkupVariant = 'blog' | 'newsletter';

/** A run of text, bold or not. */
export interface Inline {
  /** The characters, unescaped. */
  text: string;
  /** True inside '**…**'. */
  bold: boolean;
}

/** A list item: an optional bold lead ('label:' or the bold part of a newsletter item) and the rest. */
export interface ListItem {
  /** The bold lead, without the asterisks. */
  lead: string;
  /** Text after the lead, with inline bold. */
  rest: Inline[];
}

/** One block of rendered content. */
export type Block =
  | { kind: 'heading'; level: 2 | 3; text: Inline[] }
  | { kind: 'rule' }
  | { kind: 'list'; ordered: boolean; items: ListItem[] }
  | { kind: 'quote'; text: Inline[]; source: string }
  | { kind: 'centered'; text: string }
  | { kind: 'paragraph'; lines: Inline[][] };

const HEADING = /^(#{2,3})[ \t]+(.+)$/;
const RULE = /^-{3,}$/;
const LABEL_ITEM = /^\*\*([^*]+?:)\*\*(?:[ \t]+(.*))?$/;
const NUMBERED_ITEM = /^\d{1,3}\.[ \t]+\*\*([^*]+)\*\*(?:[ \t]*(.*))?$/;
const DASHED_ITEM = /^-[ \t]+\*\*([^*]+)\*\*(?:[ \t]*(.*))?$/;
const QUOTE = /^\*(?!\*)(.+ - .+)(?<!\*)\*$/;
const FULLY_BOLD = /^\*\*([^*]+)\*\*$/;

/** Splits text on '**…**' pairs; an unpaired '**' stays literal text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /\*\*([^*]+)\*\*/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) out.push({ text: text.slice(last, match.index), bold: false });
    out.push({ text: match[1] ?? '', bold: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), bold: false });
  return out;
}

type ListKind = 'label' | 'numbered' | 'dashed';

/** Parses light markup into blocks. Windows line endings and trailing spaces are ignored. */
export function parseLightMarkup(source: string, variant: LightMarkupVariant): Block[] {
  const blocks: Block[] = [];
  let paragraph: Inline[][] | null = null;
  let list: { kind: ListKind; block: Extract<Block, { kind: 'list' }> } | null = null;

  const endParagraph = () => {
    if (paragraph) blocks.push({ kind: 'paragraph', lines: paragraph });
    paragraph = null;
  };
  const endList = () => {
    list = null;
  };
  const addItem = (kind: ListKind, lead: string, rest: string | undefined) => {
    endParagraph();
    if (!list || list.kind !== kind) {
      const block: Extract<Block, { kind: 'list' }> = {
        kind: 'list',
        ordered: kind === 'numbered',
        items: [],
      };
      blocks.push(block);
      list = { kind, block };
    }
    list.block.items.push({ lead: lead.trim(), rest: parseInline((rest ?? '').trim()) });
  };
  const addBlock = (block: Block) => {
    endParagraph();
    endList();
    blocks.push(block);
  };

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      endParagraph();
      endList();
      continue;
    }
    let m: RegExpExecArray | null;
    if ((m = HEADING.exec(line))) {
      addBlock({ kind: 'heading', level: m[1] === '##' ? 2 : 3, text: parseInline((m[2] ?? '').trim()) });
    } else if (RULE.test(line)) {
      addBlock({ kind: 'rule' });
    } else if ((m = LABEL_ITEM.exec(line))) {
      addItem('label', m[1] ?? '', m[2]);
    } else if (variant === 'newsletter' && (m = NUMBERED_ITEM.exec(line))) {
      addItem('numbered', m[1] ?? '', m[2]);
    } else if (variant === 'newsletter' && (m = DASHED_ITEM.exec(line))) {
      addItem('dashed', m[1] ?? '', m[2]);
    } else if ((m = QUOTE.exec(line))) {
      const body = m[1] ?? '';
      const cut = body.lastIndexOf(' - ');
      addBlock({
        kind: 'quote',
        text: parseInline(body.slice(0, cut).trim()),
        source: body.slice(cut + 3).trim(),
      });
    } else if ((m = FULLY_BOLD.exec(line))) {
      addBlock({ kind: 'centered', text: (m[1] ?? '').trim() });
    } else {
      endList();
      (paragraph ??= []).push(parseInline(line));
    }
  }
  endParagraph();
  return blocks;
}

function inlineHtml(parts: readonly Inline[]): string {
  return parts.map((p) => (p.bold ? `<strong>${escapeHtml(p.text)}</strong>` : escapeHtml(p.text))).join('');
}

/** Options of the HTML renderer. */
export interface RenderOptions {
  /** Tag level of '## ' headings ('### ' is one below): 2 on an item's own page, 3 inside a list under h2 titles. */
  headingLevel?: 2 | 3;
}

/** Renders parsed blocks to HTML (classes come from the 'light-markup' styles). */
export function blocksToHtml(blocks: readonly Block[], options: RenderOptions = {}): string {
  const base = options.headingLevel ?? 2;
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'heading': {
          const tag = `h${base + block.level - 2}`;
          return `<${tag}>${inlineHtml(block.text)}</${tag}>`;
        }
        case 'rule':
          return '<hr>';
        case 'list': {
          const tag = block.ordered ? 'ol' : 'ul';
          const items = block.items.map((item) => {
            const rest = inlineHtml(item.rest);
            return `<li><strong>${escapeHtml(item.lead)}</strong>${rest ? ` ${rest}` : ''}</li>`;
          });
          return `<${tag}>${items.join('')}</${tag}>`;
        }
        case 'quote':
          return `<blockquote><p>${inlineHtml(block.text)}</p><footer>- ${escapeHtml(block.source)}</footer></blockquote>`;
        case 'centered':
          return `<p class="centered"><strong>${escapeHtml(block.text)}</strong></p>`;
        case 'paragraph':
          return `<p>${block.lines.map(inlineHtml).join('<br>')}</p>`;
      }
    })
    .join('\n');
}

/** Light markup → safe HTML. */
export function renderLightMarkup(
  source: string,
  variant: LightMarkupVariant,
  options: RenderOptions = {},
): string {
  return blocksToHtml(parseLightMarkup(source, variant), options);
}

function inlineText(parts: readonly Inline[]): string {
  return parts.map((p) => p.text).join('');
}

/** Light markup → plain text (the text part of a newsletter email, feed summaries): markers removed, blocks on blank lines. */
export function lightMarkupToText(source: string, variant: LightMarkupVariant): string {
  return parseLightMarkup(source, variant)
    .map((block) => {
      switch (block.kind) {
        case 'heading':
          return inlineText(block.text).toUpperCase();
        case 'rule':
          return '----------';
        case 'list':
          return block.items
            .map(
              (item, i) =>
                `${block.ordered ? `${i + 1}.` : '-'} ${item.lead}${item.rest.length ? ` ${inlineText(item.rest)}` : ''}`,
            )
            .join('\n');
        case 'quote':
          return `"${inlineText(block.text).replace(/^["“]|["”]$/g, '')}" - ${block.source}`;
        case 'centered':
          return block.text;
        case 'paragraph':
          return block.lines.map(inlineText).join('\n');
      }
    })
    .join('\n\n');
}

/** A one-paragraph summary: the first paragraph's plain text, cut at a word boundary to `max` characters. */
export function lightMarkupSummary(source: string, variant: LightMarkupVariant, max = 200): string {
  const blocks = parseLightMarkup(source, variant);
  const first = blocks.find((b): b is Extract<Block, { kind: 'paragraph' }> => b.kind === 'paragraph');
  const text = first ? first.lines.map(inlineText).join(' ') : '';
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
