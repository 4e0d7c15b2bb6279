// One call of the deploy hook: Netlify's build hook in production, the local build
// receiver (scripts/lib/publish-receiver.mjs) for the demo project.
import type { Post } from '../shared/post';

/**
 * The hook's URL, from DEPLOY_HOOK_URL in functions/.env.<project-id> (firebase deploy and
 * the emulator load it). Empty means no hook is configured. A process.env read rather than
 * defineString(): firebase-tools prompts for every string param no dotenv file sets, and
 * that prompt blocks `firebase emulators:exec` in tests and CI.
 */
export function deployHookUrl(): string {
  return process.env.DEPLOY_HOOK_URL?.trim() ?? '';
}

/** What a hook call sends: the newest change the build must contain. */
export interface HookRequest {
  /** The newest change, or why a publish is wanted. */
  reason: string;
  /** Every change this publish covers (the newest few). */
  changes: readonly string[];
  /** When it changed; the local receiver skips the build when its live build started later. */
  changedAt: Date;
}

/** How one call ended. */
export interface HookResult {
  /** True when the hook answered 2xx. */
  ok: boolean;
  /** 'HTTP 200', 'HTTP 503', or the network error. */
  detail: string;
}

/** Calls the deploy hook once and says what happened; never throws. */
export async function callDeployHook(
  hookUrl: string,
  request: HookRequest,
  post: Post = fetch,
): Promise<HookResult> {
  if (hookUrl === '') return { ok: false, detail: 'No deploy hook is configured (DEPLOY_HOOK_URL)' };
  try {
    const url = new URL(hookUrl);
    // Netlify shows trigger_title in its deploy list, which tells editors why a build ran.
    const more = request.changes.length > 1 ? ` and ${request.changes.length - 1} more` : '';
    url.searchParams.set('trigger_title', `Publish: ${request.reason}${more}`.slice(0, 200));
    const response = await post(url.toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reason: request.reason,
        changes: request.changes,
        changed_at: request.changedAt.toISOString(),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    return { ok: response.ok, detail: `HTTP ${response.status}` };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { ok: false, detail: `${error instanceof Error ? error.message : String(error)}${cause}` };
  }
}
