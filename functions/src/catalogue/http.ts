/**
 * GET a catalogue's JSON politely and safely: every try waits its turn in the rate
 * limiter, sends the User-Agent, and is cut off after `timeoutMs`. A 429, a 5xx, a
 * timeout or a network error is tried again, up to `retries` more times, after the
 * wait the answer's Retry-After asks for (seconds or an HTTP date) or else after
 * exponential backoff (backoffMs, 2×, 4×, …). A Retry-After longer than
 * `maxRetryAfterMs` is not waited for: the source is `unavailable` for now. A 404 is
 * `not-found`; an answer that is not JSON or fails its schema is `malformed`; neither
 * is retried.
 */
import type { z } from 'zod';
import { CatalogueError } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';

export interface HttpOptions {
  fetch: typeof fetch;
  userAgent: string;
  limiter: RateLimiter;
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  maxRetryAfterMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** The wait a Retry-After header asks for, in milliseconds, or null when it has none we can read. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** The JSON at `url`, validated by `schema`; fails only with a CatalogueError. */
export async function getJson<S extends z.ZodType>(
  url: string,
  schema: S,
  options: HttpOptions,
): Promise<z.infer<S>> {
  let lastError: CatalogueError | undefined;
  for (let attempt = 0; attempt <= options.retries; attempt += 1) {
    const backoff = options.backoffMs * 2 ** attempt;
    await options.limiter.take();
    let text: string;
    let status: number;
    try {
      const response = await options.fetch(url, {
        headers: { 'user-agent': options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'follow',
      });
      status = response.status;
      if (status === 429 || status >= 500) {
        await response.body?.cancel().catch(() => undefined);
        lastError = new CatalogueError('unavailable', `${url} answered ${status}`, status);
        const asked = retryAfterMs(response.headers.get('retry-after'), options.now());
        if (asked !== null && asked > options.maxRetryAfterMs) throw lastError;
        if (attempt < options.retries) await options.sleep(asked ?? backoff);
        continue;
      }
      text = await response.text();
    } catch (error) {
      if (error instanceof CatalogueError) throw error;
      lastError = isTimeout(error)
        ? new CatalogueError('timed-out', `${url} did not answer within ${options.timeoutMs} ms`, undefined, {
            cause: error,
          })
        : new CatalogueError('unavailable', `${url} could not be reached`, undefined, { cause: error });
      if (attempt < options.retries) await options.sleep(backoff);
      continue;
    }
    if (status === 404) throw new CatalogueError('not-found', `${url} is not found`, status);
    if (status < 200 || status >= 300)
      throw new CatalogueError('unavailable', `${url} answered ${status}`, status);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new CatalogueError('malformed', `${url} answered something that is not JSON`, status, {
        cause: error,
      });
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new CatalogueError('malformed', `${url} answered JSON of an unexpected shape`, status, {
        cause: parsed.error,
      });
    return parsed.data;
  }
  throw lastError!;
}
