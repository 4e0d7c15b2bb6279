// firestore.rules cannot import the domain, so it repeats the enums and URL
// patterns of src/domain. These tests read the rules as text and fail, with a
// diff, when a copy there no longer equals its source here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HTTP_URL_PATTERN_SOURCE,
  MEDIA_PATH_PATTERN_SOURCE,
  TEXT_LIMITS,
} from '../../../src/domain/shared/common.ts';
import { displayNameRefusedRe2 } from '../../../src/domain/shared/display-name.ts';
import { EARLY_ACCESS_FEATURES, FEATURE_POSITIONS } from '../../../src/domain/billing/early-access.ts';
import { PROMOTION_CODE_MAX, PROMOTION_CODE_PATTERN_SOURCE } from '../../../src/domain/site/site-settings.ts';
import {
  MEDIA_STORE_URL_PATTERN_SOURCE,
  UPLOAD_URL_PATTERN_SOURCE,
} from '../../../src/domain/media/media-image.ts';
import { profileEditFieldsSchema } from '../../../src/domain/accounts/profile-edit.ts';
import {
  APPROVAL_STATUSES,
  PROFILE_ROLES,
  SOCIAL_NETWORKS,
  SUBSCRIPTION_STATUSES,
  USER_CATEGORIES,
} from '../../../src/domain/accounts/profile.ts';

const rules = readFileSync(resolve('firestore.rules'), 'utf8');

/** A rules string literal's value: the text between the quotes with `\x` escapes resolved to `x`. */
function unquote(literal: string): string {
  return literal.slice(1, -1).replace(/\\(.)/gs, '$1');
}

const STRING_LITERAL = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/gs;

/** The body of `function name() { return <body>; }` in the rules; fails the test when there is no such function. */
function returnedExpression(name: string): string {
  const match = new RegExp(String.raw`function\s+${name}\s*\(\s*\)\s*\{\s*return\s+([\s\S]*?);\s*\}`).exec(
    rules,
  );
  if (!match) throw new Error(`firestore.rules has no function ${name}() { return …; }`);
  return (match[1] as string).trim();
}

/** The strings of the list literal that `function name()` returns, in order; fails on anything but string literals. */
function rulesList(name: string): string[] {
  const body = returnedExpression(name);
  if (!body.startsWith('[') || !body.endsWith(']'))
    throw new Error(`${name}() must return a list literal, got: ${body}`);
  const inner = body.slice(1, -1);
  const leftover = inner.replace(STRING_LITERAL, '').replace(/[\s,]/g, '');
  if (leftover !== '') throw new Error(`${name}() must hold only string literals, found: ${leftover}`);
  return (inner.match(STRING_LITERAL) ?? []).map(unquote);
}

/** The string that `function name()` returns: one string literal, or several joined with `+` (long patterns). */
function rulesString(name: string): string {
  const body = returnedExpression(name);
  const literals = body.match(STRING_LITERAL) ?? [];
  const leftover = body.replace(STRING_LITERAL, '').replace(/[\s+]/g, '');
  if (literals.length === 0 || leftover !== '')
    throw new Error(`${name}() must return string literals joined by +, got: ${body}`);
  return literals.map(unquote).join('');
}

/** The body of `function name(params) { … }` in the rules, as text. */
function functionBody(name: string): string {
  const match = new RegExp(String.raw`function\s+${name}\s*\([^)]*\)\s*\{([\s\S]*?)\n    \}`).exec(rules);
  if (!match) throw new Error(`firestore.rules has no function ${name}(…)`);
  return match[1] as string;
}

/** The largest length a zod string schema accepts (its max check), unwrapping optional and nullable. */
function maxLengthOf(schema: unknown): number | null | undefined {
  let inner = schema as { unwrap?: () => unknown; maxLength?: number | null };
  while (inner.maxLength === undefined && typeof inner.unwrap === 'function')
    inner = inner.unwrap() as typeof inner;
  return inner.maxLength;
}

describe('firestore.rules repeats the domain exactly', () => {
  const lists: [string, readonly string[], string][] = [
    ['profileRoles', PROFILE_ROLES, 'PROFILE_ROLES'],
    ['userCategories', USER_CATEGORIES, 'USER_CATEGORIES'],
    ['approvalStatuses', APPROVAL_STATUSES, 'APPROVAL_STATUSES'],
    ['subscriptionStatuses', SUBSCRIPTION_STATUSES, 'SUBSCRIPTION_STATUSES'],
    ['socialNetworks', SOCIAL_NETWORKS, 'SOCIAL_NETWORKS'],
  ];
  it.each(lists)('%s() lists the values of the domain list', (name, domain, domainName) => {
    expect(
      rulesList(name),
      `firestore.rules ${name}() must equal ${domainName} in src/domain/members/profile.ts`,
    ).toEqual([...domain]);
  });

  it('earlyAccessFeatures() and featurePositions() are the early-access lists', () => {
    expect(rulesList('earlyAccessFeatures')).toEqual([...EARLY_ACCESS_FEATURES]);
    expect(rulesList('featurePositions')).toEqual([...FEATURE_POSITIONS]);
  });

  it('promotionCodePattern() is PROMOTION_CODE_PATTERN_SOURCE, and the code is bounded by its limit', () => {
    expect(rulesString('promotionCodePattern')).toBe(PROMOTION_CODE_PATTERN_SOURCE);
    expect(functionBody('validPromotionCode')).toContain(`value.size() <= ${PROMOTION_CODE_MAX}`);
  });

  it('httpUrlPattern() is HTTP_URL_PATTERN_SOURCE', () => {
    expect(
      rulesString('httpUrlPattern'),
      'firestore.rules httpUrlPattern() must equal HTTP_URL_PATTERN_SOURCE in src/domain/shared/common.ts',
    ).toBe(HTTP_URL_PATTERN_SOURCE);
  });

  it('mediaPathPattern() is MEDIA_PATH_PATTERN_SOURCE', () => {
    expect(
      rulesString('mediaPathPattern'),
      'firestore.rules mediaPathPattern() must equal MEDIA_PATH_PATTERN_SOURCE in src/domain/shared/common.ts',
    ).toBe(MEDIA_PATH_PATTERN_SOURCE);
  });

  // Value constraints, not only enums: each pattern the rules match is the domain's source text.
  it('displayNameRefusedPattern() is the sign-up name rules (displayNameRefusedRe2)', () => {
    expect(
      rulesString('displayNameRefusedPattern'),
      'firestore.rules displayNameRefusedPattern() must equal displayNameRefusedRe2() in src/domain/shared/display-name.ts',
    ).toBe(displayNameRefusedRe2());
  });

  it('uploadUrlPattern() is UPLOAD_URL_PATTERN_SOURCE and mediaStoreUrlPattern() is MEDIA_STORE_URL_PATTERN_SOURCE without regard to case', () => {
    expect(rulesString('uploadUrlPattern')).toBe(UPLOAD_URL_PATTERN_SOURCE);
    expect(rulesString('mediaStoreUrlPattern')).toBe(`(?i)${MEDIA_STORE_URL_PATTERN_SOURCE}`);
  });

  it('the profile editor fields are bounded by the schema’s limits', () => {
    const shape = profileEditFieldsSchema.shape;
    const body = functionBody('validMemberProfileFields');
    expect(maxLengthOf(shape.display_name)).toBe(TEXT_LIMITS.name);
    expect(body).toContain(`data.display_name.size() <= ${TEXT_LIMITS.name}`);
    for (const [field, limit] of [
      ['page_title', TEXT_LIMITS.title],
      ['about_me', TEXT_LIMITS.medium],
      ['special_announcement', TEXT_LIMITS.medium],
      ['upcoming_events', TEXT_LIMITS.medium],
    ] as const) {
      expect(maxLengthOf(shape[field]), field).toBe(limit);
      expect(body, field).toContain(`optionalString(data, '${field}', ${limit})`);
    }
    expect(functionBody('isHttpUrl')).toContain(`value.size() <= ${TEXT_LIMITS.url}`);
    expect(functionBody('validImageRef')).toContain(`value.size() <= ${TEXT_LIMITS.url}`);
  });

  it('a changed display name or picture is checked with the name rules and the media ownership rule', () => {
    const body = functionBody('validMemberProfileFields');
    expect(body).toContain(
      `!changes('display_name') || !data.display_name.matches(displayNameRefusedPattern())`,
    );
    expect(body).toContain(
      `!changes('profile_image') || validImageRef(data.get('profile_image', null), resource.id)`,
    );
  });

  it('isPublicMember() is isOwnerPublic: active and approved', () => {
    const body = functionBody('isPublicMember');
    expect(body).toContain(`owner.get('is_active', false) == true`);
    expect(body).toContain(`owner.get('approval_status', '') == 'approved'`);
  });

  it('validSocialLinks() checks every network by name', () => {
    // Rules cannot loop over a map's values, so validSocialLinks names each network; one left out would accept any value there.
    const checked = [...rules.matchAll(/validLink\(links,\s*'([^']+)'\)/g)].map((m) => m[1]);
    expect(
      checked,
      'validSocialLinks() in firestore.rules must call validLink once per SOCIAL_NETWORKS entry',
    ).toEqual([...SOCIAL_NETWORKS]);
  });
});

describe('the readers of firestore.rules', () => {
  // The reader must fail loudly rather than find nothing, or a renamed function would pass unchecked.
  it('fails when a function is missing', () => {
    expect(() => rulesList('noSuchList')).toThrow(/no function noSuchList/);
  });
  it('resolves escapes in rules strings', () => {
    expect(unquote(String.raw`'a\\p{Z}\'b'`)).toBe(String.raw`a\p{Z}'b`);
  });
});
