// SVG sources for the generated demo images. Pure string builders: the seed
// hashes the SVG into the file name (so names are content-versioned) and
// images.ts turns it into WebP with sharp.
import { createHash } from 'node:crypto';

/** An image the seed will render and store. */
export interface ImageSpec {
  /** Media-store path, content-versioned: `<folder>/<stem>-<hash>.webp`. */
  path: string;
  svg: string;
  width: number;
  height: number;
}

/** Bump when the WebP encoding settings change, so old URLs never serve new bytes. */
const ENCODING_VERSION = 'webp-q62-v1';

/** Builds an ImageSpec whose path changes whenever the picture would change. */
export function imageSpec(
  folder: string,
  stem: string,
  svg: string,
  width: number,
  height: number,
): ImageSpec {
  const hash = createHash('sha256').update(ENCODING_VERSION).update(svg).digest('hex').slice(0, 10);
  return { path: `${folder}/${stem}-${hash}.webp`, svg, width, height };
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** Greedy word wrap by character count (the renderer has no text layout). */
export function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

/** A hue (0-359) turned into a pair of cover colours. */
function palette(hue: number): { dark: string; mid: string; light: string } {
  return {
    dark: `hsl(${hue}, 45%, 22%)`,
    mid: `hsl(${(hue + 25) % 360}, 50%, 38%)`,
    light: `hsl(${(hue + 40) % 360}, 70%, 85%)`,
  };
}

/** A 400×600 book cover: gradient, an ornament, the title in serif and the author in sans-serif. */
export function coverSvg(title: string, author: string, hue: number, ornament: number): string {
  const { dark, mid, light } = palette(hue);
  const titleLines = wrap(title.toUpperCase(), 14, 5);
  const titleSize = titleLines.some((l) => l.length > 11) ? 30 : 40;
  const titleStart = 250 - ((titleLines.length - 1) * titleSize * 1.2) / 2;
  const ornaments = [
    `<circle cx="200" cy="120" r="56" fill="none" stroke="${light}" stroke-width="3" opacity="0.7"/>`,
    `<path d="M60 470 Q200 390 340 470" fill="none" stroke="${light}" stroke-width="3" opacity="0.6"/>`,
    `<rect x="150" y="80" width="100" height="100" transform="rotate(45 200 130)" fill="none" stroke="${light}" stroke-width="3" opacity="0.6"/>`,
    `<g stroke="${light}" stroke-width="2" opacity="0.5"><line x1="40" y1="100" x2="360" y2="100"/><line x1="40" y1="112" x2="360" y2="112"/></g>`,
  ];
  const text = titleLines
    .map(
      (line, i) =>
        `<text x="200" y="${Math.round(titleStart + i * titleSize * 1.2)}" text-anchor="middle" font-family="serif" font-weight="bold" font-size="${titleSize}" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 400 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="400" height="600" fill="url(#g)"/>
<rect x="16" y="16" width="368" height="568" fill="none" stroke="${light}" stroke-width="2" opacity="0.5"/>
${ornaments[ornament % ornaments.length]}
${text}
<text x="200" y="540" text-anchor="middle" font-family="sans-serif" font-size="22" letter-spacing="2" fill="${light}">${escapeXml(author.toUpperCase())}</text>
</svg>`;
}

/** The one or two initials of a display name. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  return (
    (words[0]?.[0] ?? '?') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')
  ).toUpperCase();
}

/** A 256×256 profile picture: a coloured square with the initials. */
export function avatarSvg(name: string, hue: number): string {
  const { dark, mid } = palette(hue);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<text x="128" y="152" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="96" fill="#fff">${escapeXml(initials(name))}</text>
</svg>`;
}

/** The Shelfmark logo: a bookmark ribbon over an open book, 256×256. */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" rx="48" fill="#1f3a5f"/>
<path d="M40 80 Q88 64 124 84 L124 196 Q88 176 40 192 Z" fill="#f4efe6"/>
<path d="M216 80 Q168 64 132 84 L132 196 Q168 176 216 192 Z" fill="#e8e0d0"/>
<path d="M150 40 L186 40 L186 128 L168 112 L150 128 Z" fill="#d9534f"/>
</svg>`;
}

/** A 1200×300 advertisement banner with a headline and a call to action. */
export function bannerSvg(headline: string, action: string, hue: number): string {
  const { dark, mid, light } = palette(hue);
  // At most two lines of BANNER_LINE_CHARS: a long headline wraps (and, past two lines,
  // ends in '…') instead of running off the image's right edge.
  const lines = wrap(headline, BANNER_LINE_CHARS, 2);
  const top = lines.length === 1 ? 130 : 100;
  const text = lines
    .map(
      (line, i) =>
        `<text x="80" y="${top + i * 56}" font-family="serif" font-weight="bold" font-size="48" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  const buttonY = top + (lines.length - 1) * 56 + 35;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="1200" height="300" fill="url(#g)"/>
${text}
<rect x="80" y="${buttonY}" width="${action.length * 17 + 60}" height="56" rx="28" fill="${light}"/>
<text x="${110}" y="${buttonY + 38}" font-family="sans-serif" font-weight="bold" font-size="28" fill="${dark}">${escapeXml(action)}</text>
</svg>`;
}

/** Most characters on a banner's headline line: 48 px bold serif is about 26 px a character, and 30 of them end well inside 1,200 px from x = 80. */
export const BANNER_LINE_CHARS = 30;

/** An 800×400 blog header image: stacked book spines in the post's colour. */
export function blogImageSvg(title: string, hue: number): string {
  const { dark, light } = palette(hue);
  const spines = Array.from({ length: 14 }, (_, i) => {
    const h = 120 + ((i * 37) % 90);
    return `<rect x="${440 + i * 24}" y="${360 - h}" width="20" height="${h}" fill="hsl(${(hue + i * 23) % 360}, 55%, ${45 + (i % 3) * 10}%)"/>`;
  }).join('');
  const lines = wrap(title, 22, 3)
    .map(
      (l, i) =>
        `<text x="40" y="${110 + i * 44}" font-family="serif" font-weight="bold" font-size="36" fill="${light}">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400">
<rect width="800" height="400" fill="${dark}"/>${spines}<rect x="420" y="360" width="370" height="8" fill="${light}"/>${lines}
</svg>`;
}
