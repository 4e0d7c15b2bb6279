import { describe, expect, it } from 'vitest';
import {
  classifiedAdFormSchema,
  classifiedAdSchema,
  contactInfoOf,
  replacedAdPhotoFolder,
} from '../../../../src/domain/market/classified-ad.ts';
import { fieldErrors, firstErrorMessage } from '../../../../src/domain/shared/common.ts';

const valid = {
  title: 'Signed first edition',
  description: 'A signed first edition in very good shape.',
  category: 'books-publications',
  contact_method: 'email',
};
const errorsOf = (input: Record<string, unknown>) => {
  const result = classifiedAdFormSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('classifiedAdFormSchema', () => {
  it('title: 100 characters pass, 101 fail, empty is required', () => {
    expect(errorsOf({ ...valid, title: 'x'.repeat(100) }).title).toBeUndefined();
    expect(errorsOf({ ...valid, title: 'x'.repeat(101) }).title).toBe('Title must be 100 characters or less');
    expect(errorsOf({ ...valid, title: '' }).title).toBe('Title is required');
    expect(errorsOf({ ...valid, title: undefined }).title).toBe('Title is required');
  });
  it('description: 9 fail, 10 pass, 2000 pass, 2001 fail', () => {
    expect(errorsOf({ ...valid, description: 'x'.repeat(9) }).description).toBe(
      'Description must be at least 10 characters',
    );
    expect(errorsOf({ ...valid, description: 'x'.repeat(10) }).description).toBeUndefined();
    expect(errorsOf({ ...valid, description: 'x'.repeat(2000) }).description).toBeUndefined();
    expect(errorsOf({ ...valid, description: 'x'.repeat(2001) }).description).toBe(
      'Description must be 2000 characters or less',
    );
  });
  it('category and contact method are required', () => {
    expect(errorsOf({ ...valid, category: '' }).category).toBe('Category is required');
    expect(errorsOf({ ...valid, contact_method: '' }).contact_method).toBe('Contact method is required');
    expect(errorsOf({ ...valid, contact_method: 'pigeon' }).contact_method).toBe(
      'Contact method is required',
    );
  });
  it('reports problems in the form order: title, description, category, contact method', () => {
    const result = classifiedAdFormSchema.safeParse({
      title: '',
      description: '',
      category: '',
      contact_method: '',
    });
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      'Title is required',
      'Description must be at least 10 characters',
      'Category is required',
      'Contact method is required',
    ]);
    expect(
      firstErrorMessage(classifiedAdFormSchema.safeParse({ ...valid, title: '', category: '' }).error!),
    ).toBe('Title is required');
    expect(
      firstErrorMessage(
        classifiedAdFormSchema.safeParse({ ...valid, description: 'short', contact_method: '' }).error!,
      ),
    ).toBe('Description must be at least 10 characters');
  });
  it("stores 'none', 'not_specified' and blanks as null, parses price text and tags", () => {
    const ad = classifiedAdFormSchema.parse({
      ...valid,
      subcategory: 'none',
      condition: 'not_specified',
      price: '',
      location: '',
      tags: ' rare, Signed, ,rare ',
    });
    expect(ad).toMatchObject({
      subcategory: null,
      condition: null,
      price: null,
      location: null,
      currency: 'USD',
      tags: ['rare', 'Signed'],
    });
    const priced = classifiedAdFormSchema.parse({
      ...valid,
      subcategory: 'signed-books',
      condition: 'like-new',
      price: '12.50',
      currency: 'GBP',
    });
    expect(priced).toMatchObject({
      subcategory: 'signed-books',
      condition: 'like-new',
      price: 12.5,
      currency: 'GBP',
    });
  });
  it('price must be a number of 0 or more', () => {
    expect(errorsOf({ ...valid, price: '0' }).price).toBeUndefined();
    expect(errorsOf({ ...valid, price: '-1' }).price).toBe('Price must be a positive number');
    expect(errorsOf({ ...valid, price: 'abc' }).price).toBe('Price must be a positive number');
  });
});

describe('classifiedAdSchema', () => {
  it('parses a stored ad with defaults', () => {
    const ad = classifiedAdSchema.parse({ ...valid, id: 'a1', user_id: 'u1', created_at: new Date(0) });
    expect(ad).toMatchObject({
      currency: 'USD',
      tags: [],
      is_active: true,
      is_featured: false,
      views_count: 0,
      is_service: false,
    });
  });
});

describe('contact details and photos of an ad', () => {
  it('reads the contact details trimmed, blank as none; the ad itself never holds them', () => {
    expect(classifiedAdFormSchema.parse({ ...valid, contact_info: '  a@b.example ' }).contact_info).toBe(
      'a@b.example',
    );
    expect(classifiedAdFormSchema.parse({ ...valid, contact_info: '' }).contact_info).toBeNull();
    expect(
      classifiedAdSchema.parse({
        ...valid,
        id: 'a1',
        user_id: 'u1',
        contact_info: 'x@y.example',
        created_at: new Date(),
      }),
    ).not.toHaveProperty('contact_info');
  });

  it('reads contact details as shown: trimmed, or null', () => {
    expect(contactInfoOf({ contact_info: ' +1 555 0100 ' })).toBe('+1 555 0100');
    expect(contactInfoOf({ contact_info: '   ' })).toBeNull();
    expect(contactInfoOf({ contact_info: 42 })).toBeNull();
    expect(contactInfoOf(undefined)).toBeNull();
  });

  const photo = (uid: string, kind = 'ad-images', id = 'up1') => `/media/${uid}/${kind}/${id}/w640.webp`;
  it('names the folder of a photo the seller replaced, removed or left with a deleted ad', () => {
    expect(
      replacedAdPhotoFolder(
        { user_id: 'u1', image_url: photo('u1') },
        { image_url: photo('u1', 'ad-images', 'up2') },
      ),
    ).toBe('u1/ad-images/up1');
    expect(replacedAdPhotoFolder({ user_id: 'u1', image_url: photo('u1') }, { image_url: null })).toBe(
      'u1/ad-images/up1',
    );
    expect(replacedAdPhotoFolder({ user_id: 'u1', image_url: photo('u1') }, undefined)).toBe(
      'u1/ad-images/up1',
    );
  });
  it('never names an unchanged photo, another member’s upload, another kind or a non-upload', () => {
    expect(
      replacedAdPhotoFolder({ user_id: 'u1', image_url: photo('u1') }, { image_url: photo('u1') }),
    ).toBeNull();
    expect(replacedAdPhotoFolder({ user_id: 'u1', image_url: photo('u2') }, undefined)).toBeNull();
    expect(
      replacedAdPhotoFolder({ user_id: 'u1', image_url: photo('u1', 'profile-images') }, undefined),
    ).toBeNull();
    expect(
      replacedAdPhotoFolder({ user_id: 'u1', image_url: 'https://example.com/a.jpg' }, undefined),
    ).toBeNull();
    expect(replacedAdPhotoFolder(undefined, { image_url: photo('u1') })).toBeNull();
  });
});
