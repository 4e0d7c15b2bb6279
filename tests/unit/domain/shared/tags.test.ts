import { describe, expect, it } from 'vitest';
import { MAX_TAGS, TAG_MAX_LENGTH, parseTags, visibleTags } from '../../../../src/domain/shared/tags.ts';

describe('parseTags', () => {
  it('splits on commas, trims and drops blanks', () => {
    expect(parseTags(' fantasy , signed,, ,first edition ')).toEqual(['fantasy', 'signed', 'first edition']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(null)).toEqual([]);
  });
  it('drops case-insensitive repeats, keeping the first spelling', () => {
    expect(parseTags('Vintage, vintage, VINTAGE, rare')).toEqual(['Vintage', 'rare']);
  });
  it('caps the count and the length of each tag', () => {
    const many = Array.from({ length: 15 }, (_, i) => `t${i}`).join(',');
    expect(parseTags(many)).toHaveLength(MAX_TAGS);
    expect(parseTags('x'.repeat(50))[0]).toHaveLength(TAG_MAX_LENGTH);
  });
  it('accepts an array too', () => {
    expect(parseTags([' a ', 'A', 'b'])).toEqual(['a', 'b']);
  });
  it('visibleTags shows three then +N more', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(visibleTags(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});
