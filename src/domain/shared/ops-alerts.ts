/**
 * Failures that must reach a person: when one kind of failure repeats (a queue's batches
 * failing again and again, the rebuild failing twice in a row, a webhook's signatures
 * failing), an alert opens for the site's admins. It mails them once, shows on the
 * dashboard and stays open, however often the failure repeats, until an admin
 * acknowledges it; the next repeat after that opens a new one. One document per kind
 * (`ops_alerts/{kind}`), written only by the functions (firestore.rules closes it).
 */
import { z } from 'zod';
import { serverFailureKindSchema, type ServerFailureKind } from './server-failures.ts';

/** The collection the functions write; the dashboard reads it through adminOpsAlerts. */
export const OPS_ALERTS_COLLECTION = 'ops_alerts';

/** What can raise an alert: each server-failure kind, and signals that are not one failure. */
export const opsAlertKindSchema = z.enum([
  ...serverFailureKindSchema.options,
  /** A signed webhook (Stripe, Netlify, the mail provider) refused for its signature. */
  'webhook-signature',
  /** Hard bounces of the site's mail, counted from the provider's delivery events. */
  'mail-bounces',
  /** Spam complaints about the site's mail, from the same events. */
  'mail-complaints',
]);
export type OpsAlertKind = z.infer<typeof opsAlertKindSchema>;

/**
 * When a kind's events open an alert:
 * - `window`: `threshold` events within `windowMinutes` (failures that come in bursts);
 * - `streak`: `threshold` events in a row, a success in between starting again (the
 *   rebuild, where one failure is often a passing one and the next build fixes it).
 */
export type AlertRule =
  { mode: 'window'; threshold: number; windowMinutes: number } | { mode: 'streak'; threshold: number };

/**
 * The thresholds (docs/decisions.md, "Failures that reach a person"). High enough that
 * one passing fault (a mail server's hiccup, one bad row) mails nobody, low enough that a
 * queue failing on every retry is seen within its retries.
 */
export const ALERT_RULES: Record<OpsAlertKind, AlertRule> = {
  mail: { mode: 'window', threshold: 5, windowMinutes: 15 },
  'newsletter-batch': { mode: 'window', threshold: 3, windowMinutes: 30 },
  'book-alerts-batch': { mode: 'window', threshold: 3, windowMinutes: 30 },
  'update-mail-batch': { mode: 'window', threshold: 3, windowMinutes: 30 },
  publish: { mode: 'streak', threshold: 2 },
  'trigger-handler': { mode: 'window', threshold: 5, windowMinutes: 15 },
  'import-row': { mode: 'window', threshold: 10, windowMinutes: 60 },
  'webhook-signature': { mode: 'window', threshold: 5, windowMinutes: 60 },
  'mail-bounces': { mode: 'window', threshold: 20, windowMinutes: 60 },
  'mail-complaints': { mode: 'window', threshold: 3, windowMinutes: 60 },
};

/** What the dashboard and the mail call each kind's alert. */
export const OPS_ALERT_LABELS: Record<OpsAlertKind, string> = {
  mail: 'Emails are not being sent',
  'newsletter-batch': 'Newsletter batches keep failing',
  'book-alerts-batch': 'New-book alert batches keep failing',
  'update-mail-batch': 'Author update mail batches keep failing',
  publish: 'The site rebuild failed twice in a row',
  'trigger-handler': 'Background work after changes keeps failing',
  'import-row': 'Imported rows keep failing',
  'webhook-signature': 'Webhook signatures are failing',
  'mail-bounces': 'Many emails are bouncing',
  'mail-complaints': 'Readers are marking emails as spam',
};

/** The server-failure kinds whose failures are counted as they are recorded (the rebuild counts its builds instead). */
export function countsAsAlertEvent(kind: ServerFailureKind): boolean {
  return ALERT_RULES[kind].mode === 'window';
}

/** Most event times a window keeps (the largest threshold). */
const MAX_KEPT = Math.max(...Object.values(ALERT_RULES).map((rule) => rule.threshold));

/** One kind's alert state, as stored (dates as Dates: src/data/firestore-convert.ts). */
export const opsAlertStateSchema = z.object({
  kind: opsAlertKindSchema,
  /** True from the event that crossed the threshold until an admin acknowledges it. */
  open: z.boolean().default(false),
  /** The latest events' times (window rules), oldest first, at most the threshold. */
  recent: z.array(z.date()).max(MAX_KEPT).default([]),
  /** Events in a row since the last success (streak rules). */
  streak: z.number().int().min(0).default(0),
  /** When the open alert opened; null when none is open. */
  opened_at: z.date().nullable().default(null),
  /** Events since it opened (the one that opened it included). */
  events_since_open: z.number().int().min(0).default(0),
  /** The latest event's time and message. */
  last_at: z.date().nullable().default(null),
  last_message: z.string().max(500).default(''),
  /** The admins were mailed about the alert that opened at this time (so one mail per alert). */
  mailed_for: z.date().nullable().default(null),
  /** The last acknowledgement. */
  acknowledged_at: z.date().nullable().default(null),
  acknowledged_by: z.string().max(128).nullable().default(null),
});
export type OpsAlertState = z.infer<typeof opsAlertStateSchema>;

/** A kind's state before anything happened. */
export function emptyAlertState(kind: OpsAlertKind): OpsAlertState {
  return opsAlertStateSchema.parse({ kind });
}

/** The state after one event of its kind at `at`, and whether that event opened the alert. */
export function applyAlertEvent(
  state: OpsAlertState,
  at: Date,
  message: string,
): { state: OpsAlertState; opened: boolean } {
  const rule = ALERT_RULES[state.kind];
  const last = { last_at: at, last_message: message.slice(0, 500) };
  if (state.open) {
    return { state: { ...state, ...last, events_since_open: state.events_since_open + 1 }, opened: false };
  }
  let reached: boolean;
  let next: OpsAlertState;
  if (rule.mode === 'window') {
    const since = at.getTime() - rule.windowMinutes * 60_000;
    const recent = [...state.recent.filter((time) => time.getTime() > since), at]
      .sort((a, b) => a.getTime() - b.getTime())
      .slice(-rule.threshold);
    reached = recent.length >= rule.threshold;
    next = { ...state, ...last, recent };
  } else {
    const streak = state.streak + 1;
    reached = streak >= rule.threshold;
    next = { ...state, ...last, streak };
  }
  if (!reached) return { state: next, opened: false };
  return {
    state: {
      ...next,
      open: true,
      opened_at: at,
      events_since_open: rule.mode === 'window' ? next.recent.length : next.streak,
    },
    opened: true,
  };
}

/** The state after a success of a streak kind (a rebuild published): the streak starts again. */
export function applyAlertSuccess(state: OpsAlertState): OpsAlertState {
  return state.streak === 0 ? state : { ...state, streak: 0 };
}

/** The state after an admin acknowledged the alert: closed, counting from nothing again. */
export function acknowledgeAlert(state: OpsAlertState, at: Date, byUid: string): OpsAlertState {
  return {
    ...state,
    open: false,
    recent: [],
    streak: 0,
    opened_at: null,
    events_since_open: 0,
    acknowledged_at: at,
    acknowledged_by: byUid,
  };
}

/** One open alert as the dashboard shows it. */
export const openOpsAlertSchema = z.object({
  kind: opsAlertKindSchema,
  label: z.string(),
  openedAt: z.string(),
  lastAt: z.string().nullable(),
  lastMessage: z.string(),
  events: z.number().int(),
});
export type OpenOpsAlert = z.infer<typeof openOpsAlertSchema>;

/** adminOpsAlerts' request: the open alerts, or acknowledge one (and then the open alerts). */
export const adminOpsAlertsRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('acknowledge'), kind: opsAlertKindSchema }),
]);
export type AdminOpsAlertsRequest = z.infer<typeof adminOpsAlertsRequestSchema>;
export type AdminOpsAlertsResponse = { alerts: OpenOpsAlert[] };

/** The dashboard's texts. */
export const OPS_ALERT_MESSAGES = {
  acknowledged: 'Alert acknowledged.',
  notOpen: 'That alert is no longer open.',
  failed: 'The alerts could not be loaded. Please try again.',
} as const;

/** The words of the one mail to the admins about an alert that opened. */
export function opsAlertMailWords(
  state: Pick<OpsAlertState, 'kind' | 'last_at' | 'last_message' | 'events_since_open'>,
  siteName: string,
): { subject: string; paragraphs: string[] } {
  const label = OPS_ALERT_LABELS[state.kind];
  const rule = ALERT_RULES[state.kind];
  const how =
    rule.mode === 'window'
      ? `${state.events_since_open} times within ${rule.windowMinutes} minutes`
      : `${state.events_since_open} times in a row`;
  return {
    subject: `${siteName} alert: ${label}`,
    paragraphs: [
      `${label}: it happened ${how}${state.last_at ? `, most recently at ${state.last_at.toISOString()}` : ''}.`,
      ...(state.last_message ? [`The latest error: ${state.last_message}`] : []),
      'The admin dashboard shows the alert until an admin acknowledges it. No other email is sent about it until then.',
    ],
  };
}
