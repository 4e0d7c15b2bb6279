// firestore.rules repeats the classified ad enums of src/domain/market/marketplace.ts; these fail when a copy drifts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONDITIONS,
  CONTACT_METHODS,
  CURRENCIES,
  LISTING_CATEGORY_VALUES,
} from '../../src/domain/market/marketplace.ts';
import {
  CLASSIFIED_DESCRIPTION_MAX,
  CLASSIFIED_DESCRIPTION_MIN,
  CLASSIFIED_TITLE_MAX,
  adContactSchema,
  classifiedAdWriteSchema,
} from '../../src/domain/market/classified-ad.ts';
import { TEXT_LIMITS } from '../../src/domain/shared/common.ts';
import { MAX_TAGS, TAG_MAX_LENGTH } from '../../src/domain/shared/tags.ts';

const rules = readFileSync(resolve('firestore.rules'), 'utf8');

function rulesList(name: string): string[] {
  const match = new RegExp(
    String.raw`function\s+${name}\s*\(\s*\)\s*\{\s*return\s+\[([\s\S]*?)\];\s*\}`,
  ).exec(rules);
  if (!match) throw new Error(`firestore.rules has no function ${name}() returning a list`);
  return [...(match[1] as string).matchAll(/'([^']*)'/g)].map((m) => m[1] as string);
}

describe('firestore.rules repeats the classified ad domain', () => {
  it.each([
    ['adConditions', CONDITIONS],
    ['adContactMethods', CONTACT_METHODS],
    ['adCurrencies', CURRENCIES],
    ['adCategories', LISTING_CATEGORY_VALUES],
  ] as const)('%s() equals the domain list', (name, domain) => {
    expect(rulesList(name)).toEqual([...domain]);
  });

  it('bounds title, description and tags as the form does', () => {
    // The schema trims before its minimum, so the rules measure the trimmed text for minimums.
    expect(rules).toContain(`d.title.trim().size() >= 1 && d.title.size() <= ${CLASSIFIED_TITLE_MAX}`);
    expect(rules).toContain(
      `d.description.trim().size() >= ${CLASSIFIED_DESCRIPTION_MIN} && d.description.size() <= ${CLASSIFIED_DESCRIPTION_MAX}`,
    );
    expect(rules).toContain(`tags.size() <= ${MAX_TAGS}`);
    expect(rules).toContain(`tags[i].trim().size() >= 1 && tags[i].size() <= ${TAG_MAX_LENGTH}`);
  });

  it('accepts a new or changed ad photo only from the seller’s own uploads (validImageRef)', () => {
    expect(rules).toContain(`validImageRef(request.resource.data.get('image_url', null), request.auth.uid)`);
    expect(rules).toContain(
      `!changes('image_url') || validImageRef(request.resource.data.get('image_url', null), resource.data.user_id)`,
    );
  });

  it('lets an ad hold exactly the schema’s fields but the moderation flag, never its contact details (they live in the member-only subdocument)', () => {
    const createFields = [
      ...rulesList('adEditableFields'),
      'user_id',
      'is_active',
      'is_featured',
      'views_count',
      'created_at',
    ];
    // moderation_hidden is written only by the adminModeration function (Admin SDK).
    expect(new Set([...createFields, 'moderation_hidden'])).toEqual(
      new Set(Object.keys(classifiedAdWriteSchema.shape)),
    );
    expect(createFields).not.toContain('moderation_hidden');
    expect(createFields).not.toContain('contact_info');
    expect(Object.keys(adContactSchema.shape)).toEqual(['contact_info']);
    expect(rules).toContain(`request.resource.data.keys().hasOnly(['contact_info'])`);
    expect(rules).toContain(`optionalString(request.resource.data, 'contact_info', ${TEXT_LIMITS.short})`);
  });
});
