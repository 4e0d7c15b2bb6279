/**
 * The delivery figures for the admin dashboard's Mail Delivery section, through the
 * adminMailFigures callable. Loaded lazily.
 */
import type { AdminMailFiguresResponse } from '../../../domain/callables.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** Sent, suppressed, delivered, bounced and complained, by kind of bulk mail and by recent newsletter. */
export function loadMailFigures(): Promise<CallOutcome<AdminMailFiguresResponse>> {
  return callFunction('adminMailFigures', null);
}
