// firestore.rules cannot import the domain, so it repeats the enums and URL
// patterns of src/domain. These tests read the rules as text and fail, with a
// diff, when a copy there no longer equals its source here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HTTP_URL_PATTERN_SOURCE, MEDIA_PATH_PATTERN_SOURCE } from '../../src/domain/common.ts';
import { APPROVAL_STATUSES, PROFILE_ROLES, SOCIAL_NETWORKS, SUBSCRIPTION_STATUSES, USER_CATEGORIES } from '../../src/domain/profile.ts';

const rules = readFileSync(resolve('firestore.rules'), 'utf8');

/** A rules string literal's value: the text between the quotes with `\x` escapes resolved to `x`. */
function unquote(literal: string): string {
  return literal.slice(1, -1).replace(/\\(.)/gs, '$1');
}

const STRING_LITERAL = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/gs;

/** The body of `function name() { return <body>; }` in the rules; fails the test when there is no such function. */
function returnedExpression(name: string): string {
  const match = new RegExp(String.raw`function\s+${name}\s*\(\s*\)\s*\{\s*return\s+([\s\S]*?);\s*\}`).exec(rules);
  if (!match) throw new Error(`firestore.rules has no function ${name}() { return …; }`);
  return (match[1] as string).trim();
}

/** The strings of the list literal that `function name()` returns, in order; fails on anything but string literals. */
function rulesList(name: string): string[] {
  const body = returnedExpression(name);
  if (!body.startsWith('[') || !body.endsWith(']')) throw new Error(`${name}() must return a list literal, got: ${body}`);
  const inner = body.slice(1, -1);
  const leftover = inner.replace(STRING_LITERAL, '').replace(/[\s,]/g, '');
  if (leftover !== '') throw new Error(`${name}() must hold only string literals, found: ${leftover}`);
  return (inner.match(STRING_LITERAL) ?? []).map(unquote);
}

/** The string that `function name()` returns. */
function rulesString(name: string): string {
  const body = returnedExpression(name);
  const literals = body.match(STRING_LITERAL) ?? [];
  if (literals.length !== 1 || literals[0] !== body) throw new Error(`${name}() must return one string literal, got: ${body}`);
  return unquote(body);
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
    expect(rulesList(name), `firestore.rules ${name}() must equal ${domainName} in src/domain/profile.ts`).toEqual([...domain]);
  });

  it('httpUrlPattern() is HTTP_URL_PATTERN_SOURCE', () => {
    expect(rulesString('httpUrlPattern'), 'firestore.rules httpUrlPattern() must equal HTTP_URL_PATTERN_SOURCE in src/domain/common.ts').toBe(
      HTTP_URL_PATTERN_SOURCE,
    );
  });

  it('mediaPathPattern() is MEDIA_PATH_PATTERN_SOURCE', () => {
    expect(rulesString('mediaPathPattern'), 'firestore.rules mediaPathPattern() must equal MEDIA_PATH_PATTERN_SOURCE in src/domain/common.ts').toBe(
      MEDIA_PATH_PATTERN_SOURCE,
    );
  });

  it('validSocialLinks() checks every network by name', () => {
    // Rules cannot loop over a map's values, so validSocialLinks names each network; one left out would accept any value there.
    const checked = [...rules.matchAll(/validLink\(links,\s*'([^']+)'\)/g)].map((m) => m[1]);
    expect(checked, 'validSocialLinks() in firestore.rules must call validLink once per SOCIAL_NETWORKS entry').toEqual([...SOCIAL_NETWORKS]);
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
