/**
 * What every owned item's save answers in the browser, whichever kind and area calls
 * it (the kinds' editors, the ad form, the admin's switches): the answer checked
 * against the contract, so an editor never acts on an answer it did not expect.
 */
import { saveItemResponseSchema, type SaveItemResponse } from '../../../domain/items/item-save.ts';
import type { CallOutcome } from '../shared/callable.ts';

/** A save's answer checked against the contract (an unexpected answer is a failure, never trusted). */
export function parsedSave(outcome: CallOutcome<unknown>): CallOutcome<SaveItemResponse> {
  if (!outcome.ok) return outcome;
  const result = saveItemResponseSchema.safeParse(outcome.data);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, code: 'internal', message: 'The server sent an unexpected answer.' };
}
