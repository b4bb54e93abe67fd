import { createHmac } from 'node:crypto';
import { Agent, type Dispatcher, request } from 'undici';
import type { Logger } from '../../ports/logger.js';
import { ALLOW_PRIVATE_HINT, guardedLookup, isPrivateAddress, resolveAll } from './address-guard.js';

export type WebhookKind = 'postback' | 'pingback';

export interface WebhookDeliveryOptions {
  /** Key of X-Signature (WEBHOOK_SECRET); without it notifications go unsigned. */
  secret: string | undefined;
  /** WEBHOOK_ALLOW_PRIVATE: let notifications reach private addresses. */
  allowPrivate: boolean;
  timeoutMs?: number;
  logger: Logger;
  /** Counts each attempt by kind and outcome (`ok`, `http_5xx`, `refused`, `error`…). */
  onAttempt?(kind: WebhookKind, outcome: string): void;
  /** Tests may pass their own dispatcher (the guard then still checks literal and resolved hosts). */
  dispatcher?: Dispatcher;
}

/** `sha256=<hex HMAC-SHA256>` of what was sent: the body of a postback, the URL of a pingback (it has no body). */
export function signature(secret: string, signed: string): string {
  return `sha256=${createHmac('sha256', secret).update(signed).digest('hex')}`;
}

/** A delivery that should be tried again later (5xx, timeout, connection error). */
export class RetryableDeliveryError extends Error {
  override name = 'RetryableDeliveryError';
}

/** Sends one notification; resolves on 2xx, throws RetryableDeliveryError to be retried, Error when it never can succeed. */
export function createWebhookDelivery(options: WebhookDeliveryOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  // The socket's own lookup refuses private addresses: what is checked is what is connected to (DNS rebinding).
  const dispatcher =
    options.dispatcher ??
    new Agent({ connect: options.allowPrivate ? {} : { lookup: guardedLookup }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });

  return async function deliver(kind: WebhookKind, url: string, body?: string): Promise<void> {
    const report = (outcome: string, extra: Record<string, unknown> = {}) => {
      options.onAttempt?.(kind, outcome);
      options.logger.info({ kind, host: new URL(url).host, outcome, ...extra }, 'task notification attempt');
    };
    const target = new URL(url);
    if (!options.allowPrivate) {
      // An IP literal never reaches the lookup hook: check it (and names, once more) here too.
      const addresses = await resolveAll(target.hostname).catch(() => [] as string[]);
      if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
        report('refused');
        throw new Error(`notification refused: ${target.hostname} resolves to a private address; ${ALLOW_PRIVATE_HINT}`);
      }
    }
    const headers: Record<string, string> = { 'user-agent': 'search-demand-stats-tasks' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.secret) headers['x-signature'] = signature(options.secret, body ?? url);
    let status: number;
    try {
      const answer = await request(url, {
        method: kind === 'postback' ? 'POST' : 'GET',
        headers,
        ...(body === undefined ? {} : { body }),
        dispatcher,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = answer.statusCode;
      await answer.body.dump();
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as Error).name;
      if (code === 'EPRIVATEADDRESS') {
        report('refused');
        throw error;
      }
      report('error', { reason: code });
      throw new RetryableDeliveryError(`notification failed: ${code}`, { cause: error });
    }
    if (status >= 200 && status < 300) return report('ok', { status });
    report(`http_${Math.floor(status / 100)}xx`, { status });
    // Only a server-side trouble is worth retrying; a 4xx will answer the same tomorrow.
    if (status >= 500) throw new RetryableDeliveryError(`notification answered HTTP ${status}`);
    throw new Error(`notification answered HTTP ${status}`);
  };
}
