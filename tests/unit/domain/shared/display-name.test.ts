import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_CONTROL_MESSAGE,
  DISPLAY_NAME_LINK_MESSAGE,
  DISPLAY_NAME_LOOKALIKE_MESSAGE,
  DISPLAY_NAME_MARKUP_MESSAGE,
  displayNameProblem,
  displayNameRefusedRe2,
  hasLiteralWebAddress,
  hasLookalikeCharacters,
  hasMarkup,
} from '../../../../src/domain/shared/display-name.ts';

describe('display-name rules', () => {
  // The rules cannot normalise text, so every character NFKC would fold into a
  // letter, digit or address punctuation must be in the look-alike list.
  it('the look-alike list holds every character that NFKC turns into an ASCII letter, digit or address punctuation', () => {
    const target = /[A-Za-z0-9+.\-:/\u3002\uFF0E\uFF61]/;
    const missed: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      const folded = c.normalize('NFKC');
      if (folded !== c && target.test(folded) && !hasLookalikeCharacters(c))
        missed.push(`U+${cp.toString(16).toUpperCase()}`);
    }
    expect(missed).toEqual([]);
  });

  it('keeps plain names, initials, titles and other scripts', () => {
    for (const name of [
      'Alice Author',
      'J. R. R. Tolkien',
      'Dr. Seuss',
      'M.Sc. Jane',
      'Zoë Ångström',
      '李小龙',
      'Kim 👩‍💻',
      'Kelvin k',
    ]) {
      expect(displayNameProblem(name), name).toBeNull();
    }
  });

  it.each([
    ['Alice\u202Eevil', DISPLAY_NAME_CONTROL_MESSAGE],
    ['visit evil.com', DISPLAY_NAME_LINK_MESSAGE],
    ['HTTPS://evil', DISPLAY_NAME_LINK_MESSAGE],
    ['ｗｗｗ．evil．com', DISPLAY_NAME_LINK_MESSAGE],
    ['<b>Alice</b>', DISPLAY_NAME_MARKUP_MESSAGE],
    ['Ａｌｉｃｅ', DISPLAY_NAME_LOOKALIKE_MESSAGE],
    ['𝐀𝐥𝐢𝐜𝐞', DISPLAY_NAME_LOOKALIKE_MESSAGE],
  ])('%s is refused', (name, message) => {
    expect(displayNameProblem(name)).toBe(message);
  });

  it('matches a web address without regard to case, look-alikes and markup as they are', () => {
    expect(hasLiteralWebAddress('WWW.EVIL')).toBe(true);
    expect(hasMarkup('a > b')).toBe(true);
    expect(hasLookalikeCharacters('k')).toBe(false);
  });

  it('gives the rules one RE2 pattern: \\x{…} escapes, whole-string match, case-insensitive web address only', () => {
    const re2 = displayNameRefusedRe2();
    expect(re2.startsWith('(?s).*(?:')).toBe(true);
    expect(re2.endsWith(').*')).toBe(true);
    expect(re2).not.toContain('\\u{');
    expect(re2).toContain('|(?i:[a-z][a-z0-9+.-]*://');
  });
});
