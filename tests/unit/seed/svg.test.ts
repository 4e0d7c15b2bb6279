// The demo banners' pictures: a long headline wraps onto a second line (and past two
// lines ends in '…') instead of running off the image, and the button stays inside it.
import { describe, expect, it } from 'vitest';
import { BANNER_LINE_CHARS, bannerSvg } from '../../../scripts/seed/svg.ts';

const lines = (svg: string) => [...svg.matchAll(/font-size="48"[^>]*>([^<]*)</g)].map((m) => m[1]!);

describe('bannerSvg', () => {
  it('keeps a short headline on one line', () => {
    expect(lines(bannerSvg('Autumn Book Fair', 'Get tickets', 30))).toEqual(['Autumn Book Fair']);
  });

  it('wraps a long headline within the image, keeping every word', () => {
    const svg = bannerSvg('Holiday promotion: code HOLIDAY50', 'Upgrade now', 30);
    const shown = lines(svg);
    expect(shown).toEqual(['Holiday promotion: code', 'HOLIDAY50']);
    for (const line of shown) expect(line.length).toBeLessThanOrEqual(BANNER_LINE_CHARS);
    // 48 px bold serif: about 26 px a character, from x = 80, inside 1,200 px.
    for (const line of shown) expect(80 + line.length * 26).toBeLessThan(1200);
    const button = /<rect x="80" y="(\d+)" width="\d+" height="(\d+)"/.exec(svg)!;
    expect(Number(button[1]) + Number(button[2])).toBeLessThanOrEqual(300);
  });

  it('shortens a headline of more than two lines visibly', () => {
    const shown = lines(
      bannerSvg('A very long headline that goes on and on and on past what two lines hold', 'Go', 0),
    );
    expect(shown).toHaveLength(2);
    expect(shown[1]!.endsWith('…')).toBe(true);
  });
});
