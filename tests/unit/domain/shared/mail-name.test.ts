import { describe, expect, it } from 'vitest';
import { mailSafeName } from '../../../../src/domain/shared/mail-name.ts';
import { TEXT_LIMITS } from '../../../../src/domain/shared/common.ts';

describe('mailSafeName', () => {
  it('keeps a display name that sign-up would accept, trimmed', () => {
    expect(mailSafeName('  Rita Reset ')).toBe('Rita Reset');
    expect(mailSafeName('J. R. R. Tolkien')).toBe('J. R. R. Tolkien');
    expect(mailSafeName('Zoë & "Friends"')).toBe('Zoë & "Friends"');
  });

  it('refuses names that carry a link or hidden characters, and anything that is not a name', () => {
    for (const name of [
      'Visit http://evil.example now',
      'Claim your prize at www.prize-draw.test',
      'support at evil.com',
      'Jane\u202Eevil',
      'x'.repeat(TEXT_LIMITS.name + 1),
      '   ',
      '',
      null,
      undefined,
      42,
    ]) {
      expect(mailSafeName(name), String(name)).toBeNull();
    }
  });
});
