// What the profile form accepts and the messages it shows under the fields.
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../src/domain/shared/common.ts';
import {
  emptyBookRow,
  profileFormSchema,
  toFormValues,
  type ProfileFormValues,
} from '../../../src/domain/members/profile-edit-form.ts';
import { storedBook, storedProfile } from './fixtures.ts';

function values(change: (v: ProfileFormValues) => void = () => {}): ProfileFormValues {
  const v = toFormValues(storedProfile(), [storedBook('b1', 'First', '2026-01-02T00:00:00Z')]);
  change(v);
  return v;
}

function errorsOf(v: ProfileFormValues): Record<string, string> {
  const result = profileFormSchema.safeParse(v);
  return result.success ? {} : fieldErrors(result.error);
}

describe('profileFormSchema', () => {
  it('accepts a loaded profile as it is', () => {
    expect(errorsOf(values())).toEqual({});
  });

  it('requires a display name', () => {
    expect(errorsOf(values((v) => (v.display_name = '   ')))).toEqual({
      display_name: 'Display name is required',
    });
  });

  it('accepts an empty page slug and refuses characters a slug cannot hold', () => {
    expect(errorsOf(values((v) => (v.page_slug = '')))).toEqual({});
    expect(errorsOf(values((v) => (v.page_slug = 'Jane Doe')))).toEqual({
      page_slug: 'Use lower-case letters, digits, hyphens and underscores only',
    });
  });

  it('refuses a social link that is not an http(s) URL', () => {
    expect(errorsOf(values((v) => (v.social_links.twitter = 'javascript:alert(1)')))).toHaveProperty([
      'social_links.twitter',
    ]);
  });

  it('refuses a picture served over plain http', () => {
    expect(errorsOf(values((v) => (v.profile_image = 'http://pics.example/me.png')))).toHaveProperty([
      'profile_image',
    ]);
    expect(errorsOf(values((v) => (v.profile_image = 'https://pics.example/me.png')))).toEqual({});
  });

  it('lets a new book row stay without a title (it is dropped on save) but not a stored book', () => {
    expect(errorsOf(values((v) => v.books.push(emptyBookRow())))).toEqual({});
    expect(errorsOf(values((v) => (v.books[0]!.title = ' ')))).toEqual({
      'books.0.title': 'Title is required',
    });
  });

  it('limits a description to 100 words', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(errorsOf(values((v) => (v.books[0]!.description = words(100))))).toEqual({});
    expect(errorsOf(values((v) => (v.books[0]!.description = words(101))))).toEqual({
      'books.0.description': 'Description must be 100 words or less',
    });
  });

  it('checks purchase links with the spec messages', () => {
    expect(
      errorsOf(
        values((v) => v.books[0]!.purchase_links.push({ label: '', url: 'https://shop.example', price: '' })),
      ),
    ).toEqual({ 'books.0.purchase_links.1.label': 'Label is required' });
    expect(
      errorsOf(
        values((v) => v.books[0]!.purchase_links.push({ label: 'x'.repeat(41), url: 'nope', price: '' })),
      ),
    ).toEqual({
      'books.0.purchase_links.1.label': 'Label must be 40 characters or less',
      'books.0.purchase_links.1.url': 'Please enter a valid URL',
    });
  });

  it('accepts prices such as 12 or 12.99 and refuses anything else', () => {
    expect(errorsOf(values((v) => (v.books[0]!.paperback_price = '12.99')))).toEqual({});
    expect(errorsOf(values((v) => (v.books[0]!.paperback_price = '-3')))).toHaveProperty([
      'books.0.paperback_price',
    ]);
    expect(errorsOf(values((v) => (v.books[0]!.paperback_price = '$5')))).toHaveProperty([
      'books.0.paperback_price',
    ]);
  });
});
