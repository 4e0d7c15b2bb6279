/**
 * A queue that lets requests start at most `requestsPerSecond` times a second, evenly
 * spaced: each caller takes the next free start time (first come, first served) and waits
 * for it. A source's rate limit applies to starts, and spacing them evenly keeps a burst
 * from arriving all at once.
 */
export interface RateLimiter {
  /** Resolves when the caller may start its request. */
  take(): Promise<void>;
}

export function rateLimiter(options: {
  requestsPerSecond: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): RateLimiter {
  if (!(options.requestsPerSecond > 0)) throw new Error('requestsPerSecond must be more than 0');
  const interval = 1000 / options.requestsPerSecond;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let nextStart = -Infinity;
  return {
    async take() {
      const at = now();
      const start = Math.max(at, nextStart);
      nextStart = start + interval;
      if (start > at) await sleep(start - at);
    },
  };
}
