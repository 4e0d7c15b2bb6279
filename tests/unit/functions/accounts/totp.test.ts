import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  recoveryCodeHash,
  sealSecret,
  stepAt,
  totpCode,
} from '../../../../functions/src/accounts/totp.ts';
import {
  secondFactorSessionLive,
  SECOND_FACTOR_SESSIONS_KEPT,
  withSession,
} from '../../../../src/domain/accounts/second-factor.ts';

const KEY = 'a-test-key-of-sixteen-or-more';

describe('HOTP and TOTP', () => {
  it('gives RFC 4226 appendix D values for counters 0 to 9', () => {
    const key = Buffer.from('12345678901234567890');
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(key, counter))).toEqual(expected);
  });

  it('gives RFC 6238 appendix B values for every hash and time', () => {
    const keys = {
      sha1: Buffer.from('12345678901234567890'),
      sha256: Buffer.from('12345678901234567890123456789012'),
      sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
    } as const;
    const table: [number, string, string, string][] = [
      [59, '94287082', '46119246', '90693936'],
      [1111111109, '07081804', '68084774', '25091201'],
      [1111111111, '14050471', '67062674', '99943326'],
      [1234567890, '89005924', '91819424', '93441116'],
      [2000000000, '69279037', '90698825', '38618901'],
      [20000000000, '65353130', '77737706', '47863826'],
    ];
    for (const [seconds, sha1, sha256, sha512] of table) {
      const step = stepAt(seconds * 1000);
      expect(hotp(keys.sha1, step, 8, 'sha1')).toBe(sha1);
      expect(hotp(keys.sha256, step, 8, 'sha256')).toBe(sha256);
      expect(hotp(keys.sha512, step, 8, 'sha512')).toBe(sha512);
    }
  });

  it('round-trips base32 and reads the RFC 4648 vectors', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });

  it('accepts the code of the step before, now and after, each only after the last used step', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = stepAt(now);
    expect(matchingStep(secret, totpCode(secret, now), now, 0)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, now - 30_000), now, 0)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, now + 30_000), now, 0)).toBe(step + 1);
    expect(matchingStep(secret, totpCode(secret, now - 60_000), now, 0)).toBeNull();
    // A used code (its step is the last used one) is refused.
    expect(matchingStep(secret, totpCode(secret, now), now, step)).toBeNull();
    expect(matchingStep(secret, '000000x', now, 0)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps scan', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'ada@example.com')).toBe(
      'otpauth://totp/Shelfmark%3Aada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Shelfmark&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('secrets at rest and recovery codes', () => {
  it('seals a secret so that only the key opens it, and an altered seal fails', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', KEY);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(sealed, KEY)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(sealed, 'another-key-of-sixteen-chars')).toThrow();
    const [iv, tag, body] = sealed.split('.');
    expect(() => openSecret([iv, tag, `A${body!.slice(1)}`].join('.'), KEY)).toThrow();
  });

  it('makes ten distinct recovery codes and stores only a keyed hash that ignores case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    const hash = recoveryCodeHash(codes[0]!, KEY);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(codes[0]!.toLowerCase().replace(/-/g, ' '), KEY)).toBe(hash);
    expect(recoveryCodeHash(codes[0]!, 'another-key-of-sixteen-chars')).not.toBe(hash);
  });
});

describe('second-factor sessions', () => {
  it('holds for the sign-in that entered the code, until it ends, and for no other sign-in', () => {
    const now = 1_800_000_000_000;
    const sessions = withSession({}, 1000, now);
    expect(secondFactorSessionLive(sessions, 1000, now + 1000)).toBe(true);
    expect(secondFactorSessionLive(sessions, 1001, now + 1000)).toBe(false);
    expect(secondFactorSessionLive(sessions, 1000, now + 12 * 3600_000 + 1)).toBe(false);
  });

  it('keeps the newest few sessions and drops ended ones', () => {
    let sessions: Record<string, number> = { '1': 5 };
    const now = 1_800_000_000_000;
    for (let authTime = 10; authTime < 20; authTime++)
      sessions = withSession(sessions, authTime, now + authTime);
    expect(Object.keys(sessions)).toHaveLength(SECOND_FACTOR_SESSIONS_KEPT);
    expect(sessions['19']).toBeDefined();
    expect(sessions['1']).toBeUndefined();
  });
});
