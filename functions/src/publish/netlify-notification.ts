// Netlify's deploy notifications close the loop in production: Netlify POSTs the deploy
// to this function when a deploy starts, succeeds or fails (Project configuration →
// Notifications → Deploy notifications → Outgoing webhook, one per event, with the JWS
// secret set to NETLIFY_WEBHOOK_SECRET), and the status document moves from 'requested'
// to 'building', 'published' or 'failed', as the local build receiver does.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { onRequest } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import {
  buildFailed,
  buildPublished,
  buildStarted,
  type PublishStatus,
} from '../../../src/domain/publish/publish';
import { db } from '../shared/firestore';
import { noteSignatureRefused } from '../shared/ops-alerts';
import { updateStatus } from './status-store';

/** Decodes base64url text. */
function fromBase64Url(text: string): Buffer {
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/**
 * True when `signature` (the X-Webhook-Signature header) is Netlify's JWS for `rawBody`:
 * an HS256 token signed with the shared secret whose claims are iss 'netlify' and sha256,
 * the hex SHA-256 of the body.
 */
export function verifyNetlifySignature(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!signature || secret === '') return false;
  const parts = signature.split('.');
  if (parts.length !== 3) return false;
  const [header, payload, mac] = parts as [string, string, string];
  try {
    if ((JSON.parse(fromBase64Url(header).toString('utf8')) as { alg?: string }).alg !== 'HS256')
      return false;
    const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
    const given = fromBase64Url(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const claims = JSON.parse(fromBase64Url(payload).toString('utf8')) as { iss?: string; sha256?: string };
    return claims.iss === 'netlify' && claims.sha256 === createHash('sha256').update(rawBody).digest('hex');
  } catch {
    return false;
  }
}

/** The fields of a Netlify deploy this function reads. */
export interface NetlifyDeploy {
  /** 'building', 'ready' or 'error' (others are ignored). */
  state?: string;
  /** When the deploy was created: its build reads content after it. */
  created_at?: string;
  /** When it went live. */
  published_at?: string | null;
  /** Why it failed. */
  error_message?: string | null;
  /** Production or a preview; only production publishes the site. */
  context?: string;
}

/** The status change a deploy notification means, or undefined for one that changes nothing. */
export function deployStatusUpdate(
  status: PublishStatus,
  deploy: NetlifyDeploy,
  now: Date,
): Partial<PublishStatus> | undefined {
  if (deploy.context !== undefined && deploy.context !== 'production') return undefined;
  const created = deploy.created_at ? new Date(deploy.created_at) : now;
  const startedAt = Number.isNaN(created.getTime()) ? now : created;
  switch (deploy.state) {
    case 'building':
      return buildStarted(startedAt);
    case 'ready': {
      const published = deploy.published_at ? new Date(deploy.published_at) : now;
      return buildPublished(status, startedAt, Number.isNaN(published.getTime()) ? now : published);
    }
    case 'error':
      return buildFailed(now, `The Netlify deploy failed: ${deploy.error_message || 'no reason given'}`, '');
    default:
      return undefined;
  }
}

/** Receives Netlify's deploy notifications (POST, signed); answers 401 to anything unsigned. */
export const publishNotification = onRequest(async (req, res) => {
  const secret = process.env.NETLIFY_WEBHOOK_SECRET?.trim() ?? '';
  if (req.method !== 'POST') {
    res.status(405).send('POST only');
    return;
  }
  if (!verifyNetlifySignature(req.rawBody, req.get('x-webhook-signature'), secret)) {
    await noteSignatureRefused('Netlify deploy notification');
    res.status(401).send('Bad signature');
    return;
  }
  const deploy = req.body as NetlifyDeploy;
  await updateStatus(db(), (status) => ({
    update: deployStatusUpdate(status, deploy, new Date()),
    result: undefined,
  }));
  logger.info('publish: Netlify deploy notification', { state: deploy.state });
  res.status(204).end();
});
