/** The part of fetch a POST to another service needs, so tests can pass a fake. */
export type Post = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ ok: boolean; status: number }>;
