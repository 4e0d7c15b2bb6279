import { describe, expect, it } from 'vitest';
import { profileSlug, signupSlug, uniqueSlug } from '../../../../src/domain/shared/slug.ts';

describe('signupSlug', () => {
  it('lower-cases and turns spaces into hyphens', () => {
    expect(signupSlug('Jane Doe')).toBe('jane-doe');
  });
  it('keeps digits, underscores and hyphens, drops other punctuation', () => {
    expect(signupSlug('J.R.R. Tolkien_fan-42!')).toBe('jrr-tolkien_fan-42');
    expect(signupSlug("O'Brien, Mary")).toBe('obrien-mary');
  });
  it('turns each run of whitespace into one hyphen and ignores surrounding spaces', () => {
    expect(signupSlug('  Jane \t  Doe  ')).toBe('jane-doe');
  });
  it('does not collapse hyphens the name itself contains', () => {
    expect(signupSlug('Jane - Doe')).toBe('jane---doe');
  });
  it('folds accents and drops letters outside a-z', () => {
    expect(signupSlug('José Núñez')).toBe('jose-nunez');
    expect(signupSlug('Zoë 李')).toBe('zoe-');
    expect(signupSlug('李小龙')).toBe('');
  });
});

describe('profileSlug', () => {
  it('lower-cases and turns runs of non-alphanumerics into one hyphen', () => {
    expect(profileSlug('Jane Doe')).toBe('jane-doe');
    expect(profileSlug('J.R.R.  Tolkien & Co.')).toBe('j-r-r-tolkien-co');
  });
  it('trims leading and trailing hyphens', () => {
    expect(profileSlug('  --Hello, World!--  ')).toBe('hello-world');
  });
  it('treats underscores as separators, unlike the sign-up slug', () => {
    expect(profileSlug('book_lover')).toBe('book-lover');
  });
  it('folds accents; other scripts and emoji vanish', () => {
    expect(profileSlug('Émile Zola')).toBe('emile-zola');
    expect(profileSlug('📚 Ana 📚')).toBe('ana');
    expect(profileSlug('李小龙')).toBe('');
  });
});

describe('uniqueSlug', () => {
  it('returns the base when free', () => {
    expect(uniqueSlug('jane-doe', () => false)).toBe('jane-doe');
  });
  it('appends -2, -3 … so two Jane Does never collide', () => {
    const taken = new Set(['jane-doe', 'jane-doe-2']);
    expect(uniqueSlug('jane-doe', (s) => taken.has(s))).toBe('jane-doe-3');
    expect(uniqueSlug('jane-doe', (s) => s === 'jane-doe')).toBe('jane-doe-2');
  });
  it("falls back to 'member' for an empty base", () => {
    expect(uniqueSlug('', () => false)).toBe('member');
    expect(uniqueSlug('', (s) => s === 'member')).toBe('member-2');
  });
});
