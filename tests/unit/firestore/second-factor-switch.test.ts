import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADMIN_SECOND_FACTOR_REQUIRED } from '../../../functions/src/shared/second-factor-gate.ts';
import { ADMIN_SECOND_FACTORS } from '../../../src/domain/shared/second-factor-session.ts';

const rules = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');

describe('the admin second factor in firestore.rules', () => {
  it('is required by the rules exactly when the functions require it', () => {
    const body = /function adminSecondFactorRequired\(\) \{\s*return (true|false);\s*\}/.exec(rules);
    expect(body?.[1]).toBe(String(ADMIN_SECOND_FACTOR_REQUIRED));
  });

  it('reads the collection the functions write, and isAdmin() checks it', () => {
    expect(rules).toContain(`/databases/$(database)/documents/${ADMIN_SECOND_FACTORS}/$(request.auth.uid)`);
    expect(rules).toContain(`match /${ADMIN_SECOND_FACTORS}/{uid}`);
    expect(/function isAdmin\(\) \{[^}]*secondFactorLive\(/.test(rules)).toBe(true);
  });
});
