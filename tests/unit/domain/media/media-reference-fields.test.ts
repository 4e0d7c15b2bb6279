// The orphan clean-up keeps an upload only when a field of MEDIA_REFERENCE_FIELDS
// names it. This proves the list is complete: every top-level field of a stored
// entity that accepts an uploaded image's URL (and is not plain text) is either
// listed or is a link, not a picture. A new picture field fails here until listed.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MEDIA_REFERENCE_FIELDS } from '../../../../src/domain/media/media-upload';
import { profileSchema } from '../../../../src/domain/accounts/profile';
import { bookSchema } from '../../../../src/domain/books/book';
import { productServiceSchema } from '../../../../src/domain/items/product-service';
import { classifiedAdSchema } from '../../../../src/domain/market/classified-ad';
import { advertisementBannerSchema } from '../../../../src/domain/home/advertisement-banner';
import { siteSettingsSchema } from '../../../../src/domain/site/site-settings';
import { blogPostSchema } from '../../../../src/domain/editorial/blog-post';

const SCHEMAS: Record<string, z.ZodObject> = {
  profiles: profileSchema as unknown as z.ZodObject,
  books: bookSchema as unknown as z.ZodObject,
  products_services: productServiceSchema as unknown as z.ZodObject,
  classified_ads: classifiedAdSchema as unknown as z.ZodObject,
  advertisement_banners: advertisementBannerSchema as unknown as z.ZodObject,
  site_settings: siteSettingsSchema as unknown as z.ZodObject,
  blog_posts: blogPostSchema as unknown as z.ZodObject,
};

/** Fields that accept a site path or URL but are where a link goes, not a picture. */
const LINK_FIELDS = ['advertisement_banners.link_url'];

const UPLOADED = '/media/u1/book-covers/abc123/w640.webp';

describe('MEDIA_REFERENCE_FIELDS', () => {
  it('lists every field of a stored entity that can hold an uploaded picture', () => {
    const pictureOrLinkFields: string[] = [];
    for (const [collection, schema] of Object.entries(SCHEMAS)) {
      for (const [field, fieldSchema] of Object.entries(schema.shape)) {
        const type = fieldSchema as z.ZodType;
        if (type.safeParse(UPLOADED).success && !type.safeParse('plain words, not an address').success)
          pictureOrLinkFields.push(`${collection}.${field}`);
      }
    }
    const listed = MEDIA_REFERENCE_FIELDS.map(({ collection, field }) => `${collection}.${field}`);
    expect(pictureOrLinkFields.filter((field) => !LINK_FIELDS.includes(field)).sort()).toEqual(
      [...listed].sort(),
    );
  });
});
