/**
 * Critical CSS for pages rendered on demand: the page's inline stylesheet cut
 * down to what its own HTML uses, so the first response (HTML with its CSS)
 * is smaller and the browser styles less before the first paint. The rest, the
 * site stylesheet's utilities layer (lateUtilities, served at
 * LATE_STYLESHEET_HREF), is loaded by the after-paint loader once something
 * may draw more (a first interaction, an island, a script activated after the
 * paint, a signed-in member), so anything a script or an island adds later is
 * styled as before, and a page only looked at is never styled twice.
 *
 * What is cut, and why it is safe: Tailwind utilities (`@layer utilities`)
 * whose class no element of the page carries and no inline script names: a
 * rule for a class nothing has cannot style the first paint. At-rules inside
 * the layer (`@media`, `@supports`) are filtered the same way and dropped when
 * empty. Everything else (base styles, components, theme variables, Tailwind's
 * `@property` registrations, the page's own scoped styles) stays whole, in
 * order, and the late sheet repeats the whole utilities layer in the order of
 * the site sheet, so once it has loaded every rule applies as in the full sheet.
 *
 * Why the late sheet is only that layer: adding a stylesheet makes the browser
 * restyle every element a rule of it may match. The site sheet's base layer
 * has universal rules (`*`), theme variables and `@property` registrations,
 * which reach every element; the utilities are class rules, which reach only
 * elements with those classes. On /classifieds that cut the restyle after the
 * first paint from about 27 ms to 11 ms of a desktop core (docs/benchmarks.md).
 *
 * A stylesheet this module cannot read (unbalanced braces) is left whole.
 */

/** A CSS statement: a rule or at-rule with a block, or a bodiless statement (`@layer a,b;`). */
interface CssNode {
  /** The text before the block (selector or at-rule prelude), or the whole statement. */
  prelude: string;
  /** The text inside the braces; null for a bodiless statement. */
  body: string | null;
}

/**
 * Splits CSS text into its top-level statements. Strings, comments and escaped
 * characters are skipped over, so a brace or quote inside them does not count. Returns null when the
 * braces do not balance.
 */
export function splitStatements(css: string): CssNode[] | null {
  const nodes: CssNode[] = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  for (let i = 0; i < css.length; i += 1) {
    const char = css[i];
    if (char === '\\') {
      // An escaped character (`.content-\[\'x\'\]`) is part of a name, never a quote or brace.
      i += 1;
    } else if (char === '"' || char === "'") {
      i = skipString(css, i);
      if (i < 0) return null;
    } else if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) return null;
      if (depth === 0 && i === start) start = end + 2;
      i = end + 1;
    } else if (char === '{') {
      if (depth === 0) open = i;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth < 0) return null;
      if (depth === 0) {
        nodes.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (char === ';' && depth === 0) {
      const statement = css.slice(start, i).trim();
      if (statement) nodes.push({ prelude: statement, body: null });
      start = i + 1;
    }
  }
  if (depth !== 0) return null;
  const rest = css.slice(start).trim();
  if (rest) nodes.push({ prelude: rest, body: null });
  return nodes;
}

/** The index of the quote closing the string that opens at `from`, or -1. */
function skipString(css: string, from: number): number {
  const quote = css[from];
  for (let i = from + 1; i < css.length; i += 1) {
    if (css[i] === '\\') i += 1;
    else if (css[i] === quote) return i;
  }
  return -1;
}

/** A statement back as CSS text. */
function serialize(node: CssNode): string {
  return node.body === null ? `${node.prelude};` : `${node.prelude}{${node.body}}`;
}

/** Removes CSS escapes from an identifier (`md\:flex` → `md:flex`, `\31 0` → `10`). */
export function unescapeCssIdentifier(escaped: string): string {
  return escaped.replace(
    /\\(?:([0-9a-fA-F]{1,6}) ?|(.))/gs,
    (_, hex: string | undefined, char: string | undefined) =>
      hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
  );
}

const CLASS_IN_SELECTOR = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-])+)/g;

/** The class names a selector names (`.a:hover .b\:c` → a, b:c). */
export function classesInSelector(selector: string): string[] {
  return [...selector.matchAll(CLASS_IN_SELECTOR)].map((match) => unescapeCssIdentifier(match[1] ?? ''));
}

/**
 * The class names a page may use before its first paint: every token of every
 * class attribute (templates included), and every word of its inline scripts
 * (a script that adds a class by name keeps that class's rule).
 */
export function usedClassNames(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)')/g)) {
    for (const token of (match[1] ?? match[2] ?? '').split(/\s+/)) if (token) used.add(decodeEntities(token));
  }
  for (const match of html.matchAll(
    /<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    for (const token of (match[1] ?? '').split(/[^\w:/.[\]%!#-]+/)) if (token) used.add(token);
  }
  return used;
}

/** The few entities Astro writes in attribute values. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-fA-F]+);/g, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A statement of the utilities layer, with the statements inside an at-rule read too. */
interface UtilityNode extends CssNode {
  /** For an at-rule with a block (`@media`, `@supports`): its statements. */
  children?: UtilityNode[];
  /** For a rule: the classes its selector names. */
  classes?: string[];
}

/** Reads the utilities layer's body into a tree; null when unreadable. */
function readUtilities(body: string): UtilityNode[] | null {
  const nodes = splitStatements(body);
  if (!nodes) return null;
  const tree: UtilityNode[] = [];
  for (const node of nodes) {
    if (node.body === null) tree.push(node);
    else if (node.prelude.startsWith('@')) {
      const children = readUtilities(node.body);
      if (!children) return null;
      tree.push({ ...node, children });
    } else tree.push({ ...node, classes: classesInSelector(node.prelude) });
  }
  return tree;
}

/** The utilities of a page using `used`: rules naming a used class (or none), and at-rules left non-empty. */
function keptUtilities(tree: readonly UtilityNode[], used: ReadonlySet<string>): string {
  let kept = '';
  for (const node of tree) {
    if (node.children) {
      const inner = keptUtilities(node.children, used);
      if (inner) kept += `${node.prelude}{${inner}}`;
    } else if (!node.classes || node.classes.length === 0 || node.classes.some((name) => used.has(name)))
      kept += serialize(node);
  }
  return kept;
}

/** A stylesheet read once: its top-level statements, the utilities layer as a tree. */
interface PreparedCss {
  parts: (CssNode & { utilities?: UtilityNode[] })[];
}

/** Stylesheets already read, by their text (a page's CSS is one of a few). */
const prepared = new Map<string, PreparedCss | null>();
const PREPARED_LIMIT = 32;

/** Reads `css` (or takes it from the cache); null when unreadable. */
function prepare(css: string): PreparedCss | null {
  const cached = prepared.get(css);
  if (cached !== undefined) return cached;
  const nodes = splitStatements(css);
  let result: PreparedCss | null = null;
  if (nodes) {
    result = { parts: [] };
    for (const node of nodes) {
      if (node.body !== null && node.prelude === '@layer utilities') {
        const utilities = readUtilities(node.body);
        if (!utilities) {
          result = null;
          break;
        }
        result.parts.push({ ...node, utilities });
      } else result.parts.push(node);
    }
  }
  if (prepared.size >= PREPARED_LIMIT) prepared.delete(prepared.keys().next().value ?? '');
  prepared.set(css, result);
  return result;
}

/**
 * `css` cut down to what a page whose elements and inline scripts use the
 * classes in `used` needs for its first paint (see the file comment). Returns
 * `css` unchanged when it cannot be read.
 */
export function criticalCss(css: string, used: ReadonlySet<string>): string {
  const sheet = prepare(css);
  if (!sheet) return css;
  // A leading license comment (`/*! … */`) stays.
  let out = /^\/\*![\s\S]*?\*\//.exec(css)?.[0] ?? '';
  for (const part of sheet.parts)
    out += part.utilities ? `${part.prelude}{${keptUtilities(part.utilities, used)}}` : serialize(part);
  return out;
}

/**
 * What a page rendered on demand adds after its first paint: the site
 * stylesheet's utilities layer, the only part criticalCss cuts. Every other
 * part is already on the page, whole, so the browser need not match its rules
 * again. Returns `css` whole when it cannot be read.
 */
export function lateUtilities(css: string): string {
  const sheet = prepare(css);
  const layer = sheet?.parts.find((part) => part.utilities);
  return layer ? serialize(layer) : css;
}
