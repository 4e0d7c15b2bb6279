// TOTP (RFC 6238 over RFC 4226's HOTP, HMAC-SHA1, 6 digits, 30-second steps),
// recovery codes and the sealing of secrets at rest. node:crypto only: the
// algorithm is twenty lines and is tested against the RFC's own vectors
// (tests/unit/functions/accounts/totp.test.ts), which no package on hand spares us.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { normaliseCode, RECOVERY_CODE_COUNT, TOTP_ISSUER } from '../../../src/domain/accounts/second-factor';

/** Seconds per TOTP step. */
export const TOTP_STEP_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what authenticator apps take). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 string (padding, spaces and case ignored); throws on a foreign character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The HOTP value of `key` at `counter` (RFC 4226), `digits` long, with the hash RFC 6238 allows. */
export function hotp(
  key: Buffer,
  counter: number,
  digits = 6,
  hash: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(hash, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The TOTP step of a time in milliseconds. */
export function stepAt(nowMillis: number): number {
  return Math.floor(nowMillis / 1000 / TOTP_STEP_SECONDS);
}

/** The code an authenticator app shows for the base32 `secret` at `nowMillis`. */
export function totpCode(secret: string, nowMillis: number): string {
  return hotp(base32Decode(secret), stepAt(nowMillis));
}

/**
 * The step whose code `code` is, within one step either side of now (clock
 * drift), and later than `lastStep` (a code is good once); null when none.
 */
export function matchingStep(
  secret: string,
  code: string,
  nowMillis: number,
  lastStep: number,
): number | null {
  const typed = Buffer.from(normaliseCode(code));
  const key = base32Decode(secret);
  const now = stepAt(nowMillis);
  for (const step of [now - 1, now, now + 1]) {
    if (step <= lastStep) continue;
    const expected = Buffer.from(hotp(key, step));
    if (expected.length === typed.length && timingSafeEqual(expected, typed)) return step;
  }
  return null;
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The otpauth:// URI an authenticator app scans (Key Uri Format). */
export function otpauthUri(secret: string, account: string): string {
  const label = encodeURIComponent(`${TOTP_ISSUER}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer: TOTP_ISSUER,
    algorithm: 'SHA1',
    digits: '6',
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** The key that seals secrets and hashes recovery codes; required outside the demo project. */
export function secondFactorKey(): string {
  const secret = process.env.SECOND_FACTOR_SECRET?.trim() ?? '';
  if (secret.length < 16) throw new Error('SECOND_FACTOR_SECRET must be set (at least 16 characters)');
  return secret;
}

const sealKey = (key: string) => createHash('sha256').update(`second-factor-seal:${key}`).digest();

/** The TOTP secret sealed with AES-256-GCM under the key: iv.tag.ciphertext, base64url. */
export function sealSecret(secret: string, key = secondFactorKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(key), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The TOTP secret from its sealed form; throws when it was sealed under another key or altered. */
export function openSecret(sealed: string, key = secondFactorKey()): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(key), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** New recovery codes: RECOVERY_CODE_COUNT codes of 12 base32 characters (60 bits), shown as XXXX-XXXX-XXXX. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = base32Encode(randomBytes(8)).slice(0, 12);
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  });
}

/** The stored form of a recovery code: HMAC-SHA256 under the key of the normalised code, so a leak of the store reveals none. */
export function recoveryCodeHash(code: string, key = secondFactorKey()): string {
  return createHmac('sha256', key)
    .update(`recovery-code:${normaliseCode(code)}`)
    .digest('hex');
}
