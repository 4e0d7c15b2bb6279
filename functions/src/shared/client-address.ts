/**
 * Which address a request to a Cloud Function comes from: the one rule every
 * function that counts by client address (sign-up and password-reset throttles)
 * uses. A client can write any X-Forwarded-For it likes, so only what the
 * platform adds is trusted:
 * - deployed (Cloud Run behind Google's front end), the LAST X-Forwarded-For
 *   entry: the front end appends the address it received the request from, and
 *   whatever the caller sent comes before it. Express's `req.ip` is the FIRST
 *   entry (the caller's own) and is never used;
 * - on the functions emulator, nothing: the emulator passes the caller's headers
 *   through unchanged, appends no address of its own, and hands the request to
 *   the function over a local socket, so the caller's address is lost. Every
 *   caller there is the one local client EMULATOR_CLIENT_ADDRESS, and no header
 *   moves a count, as in production.
 * What a limit counts is the client's key (src/domain/shared/client-key.ts): an IPv4
 * address, or an IPv6 address's /64 network.
 */
import { clientLimitKey } from '../../../src/domain/shared/client-key';

/** The parts of an HTTP request clientAddress reads. */
export interface RequestAddress {
  /** Request headers (lower-case names). */
  headers: Record<string, string | string[] | undefined>;
}

/** The one client every call on the functions emulator comes from. */
export const EMULATOR_CLIENT_ADDRESS = 'emulator-local-client';

/** True inside the functions emulator (it sets FUNCTIONS_EMULATOR=true for the code it runs). */
export function onFunctionsEmulator(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.FUNCTIONS_EMULATOR === 'true';
}

/**
 * The caller as limits count it: the last X-Forwarded-For entry when deployed
 * (its /64 for an IPv6 address), EMULATOR_CLIENT_ADDRESS on the emulator, and
 * 'unknown' when a deployed request has no such header (such callers share one
 * allowance).
 */
export function clientAddress(request: RequestAddress, emulator: boolean = onFunctionsEmulator()): string {
  if (emulator) return EMULATOR_CLIENT_ADDRESS;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const last = forwarded.at(-1);
  return last === undefined ? 'unknown' : clientLimitKey(last);
}
