/**
 * Server-side failures an admin should know about (a mail not sent, a failed
 * newsletter batch, a failed rebuild): the functions record one entry each in
 * `server_failures`, and the dashboard lists the latest beside the audit log.
 * Nobody writes the collection from a client (firestore.rules).
 */
import { z } from 'zod';
import { idSchema } from './common.ts';

/** The collection the functions write and admins read. */
export const SERVER_FAILURES_COLLECTION = 'server_failures';
/** Entries the dashboard shows. */
export const SERVER_FAILURES_SHOWN = 50;
/** Longest message stored (an error's text can be long). */
export const FAILURE_MESSAGE_MAX = 500;

/** What failed. */
export const serverFailureKindSchema = z.enum([
  'mail',
  'newsletter-batch',
  'book-alerts-batch',
  'update-mail-batch',
  'publish',
  'trigger-handler',
  'import-row',
]);
export type ServerFailureKind = z.infer<typeof serverFailureKindSchema>;

/** Labels the dashboard shows for each kind. */
export const SERVER_FAILURE_LABELS: Record<ServerFailureKind, string> = {
  mail: 'Email not sent',
  'newsletter-batch': 'Newsletter batch failed',
  'book-alerts-batch': 'New-book alerts batch failed',
  'update-mail-batch': 'Author update mail batch failed',
  publish: 'Site rebuild failed',
  'trigger-handler': 'Background work after a change failed',
  'import-row': 'Imported row not applied',
};

/** One stored entry. `context` names what it was about (subject, recipient, newsletter, batch). */
export const serverFailureSchema = z.object({
  id: idSchema,
  kind: serverFailureKindSchema,
  message: z.string().max(FAILURE_MESSAGE_MAX),
  context: z.record(z.string(), z.string()).default({}),
  at: z.date(),
});
export type ServerFailure = z.infer<typeof serverFailureSchema>;

/** The text stored for an error: its message, on one line, at most FAILURE_MESSAGE_MAX characters. */
export function failureMessage(error: unknown): string {
  const text =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : (JSON.stringify(error) ?? String(error));
  const line = text.replace(/\s+/g, ' ').trim() || 'Unknown error';
  return line.length > FAILURE_MESSAGE_MAX ? `${line.slice(0, FAILURE_MESSAGE_MAX - 1)}…` : line;
}
