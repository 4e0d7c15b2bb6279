// The browser's side of POST /api/report (src/pages/api/report.ts): sends a
// validated report as JSON, as the signed-in member when there is one (their ID
// token, loaded lazily with the auth SDK only when the session hint names a
// member), and hands back the server's message or its error.
import { REPORT_RESULTS, type ReportRequestInput } from '../domain/reports/report.ts';
import { readHint } from './session-hint.ts';

/** The endpoint's address. */
export const REPORT_ENDPOINT = '/api/report';

/** What the endpoint answered: its message, or why the report was not sent. */
export type ReportAnswer = { ok: boolean; message: string };

async function memberToken(): Promise<string | null> {
  if (!readHint()) return null;
  try {
    const { currentIdToken } = await import('../data/client/shared/auth.ts');
    return await currentIdToken();
  } catch {
    return null;
  }
}

/** Sends `report`; a network failure or an answer without a message is the 'failed' text. */
export async function sendReport(report: ReportRequestInput): Promise<ReportAnswer> {
  const failed = REPORT_RESULTS.failed.body;
  try {
    const token = await memberToken();
    const response = await fetch(REPORT_ENDPOINT, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(report),
    });
    const body = (await response.json().catch(() => ({}))) as { message?: unknown; error?: unknown };
    if (response.ok && typeof body.message === 'string') return { ok: true, message: body.message };
    return { ok: false, message: typeof body.error === 'string' ? body.error : failed };
  } catch {
    return { ok: false, message: failed };
  }
}
