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

/** Whole seconds, or tenths below 10 s: `10 s`, `0.2 s`. */
const seconds = (ms: number) => `${ms >= 10_000 ? Math.round(ms / 1000) : Math.round(ms / 100) / 10} s`;

/** What a failed delivery's error code means, in words (the code is added for the ones not listed). */
const FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the receiver',
  EPIPE: 'connection closed by the receiver',
  UND_ERR_SOCKET: 'connection closed by the receiver',
  UND_ERR_CLOSED: 'connection closed by the receiver',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed (temporary)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connect timeout',
  UND_ERR_CONNECT_TIMEOUT: 'connect timeout',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate is for another host',
  UND_ERR_RESPONSE_STATUS_CODE: 'invalid HTTP answer',
  HPE_INVALID_CONSTANT: 'invalid HTTP answer',
};

/**
 * Why a delivery failed, for the log and the task's retry note, as what happened: "timeout after 10 s",
 * "connection refused". The error itself is no help there: the timeout is a DOMException whose `code` is the
 * number 23 (TIMEOUT_ERR), which is what the log said; a connection failure may come wrapped (an AggregateError of
 * one attempt per address, or a `cause`).
 */
export function failureReason(error: unknown, timeoutMs: number): string {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); ) {
    seen.add(current);
    const { name, code } = current as { name?: unknown; code?: unknown };
    if (name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return `timeout after ${seconds(timeoutMs)}`;
    if (typeof code === 'string' && code in FAILURES) return FAILURES[code]!;
    const inner = (current as { errors?: unknown[] }).errors?.[0] ?? (current as { cause?: unknown }).cause;
    if (inner === undefined) {
      const message = (current as { message?: unknown }).message;
      const what = typeof message === 'string' && message !== '' ? `: ${message.slice(0, 120)}` : '';
      return typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code) ? `failed (${code})${what}` : `failed${what}`;
    }
    current = inner;
  }
  return 'failed';
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
      if ((error as { code?: unknown }).code === 'EPRIVATEADDRESS') {
        report('refused');
        throw error;
      }
      const reason = failureReason(error, timeoutMs);
      report('error', { reason });
      throw new RetryableDeliveryError(`notification failed: ${reason}`, { cause: error });
    }
    if (status >= 200 && status < 300) return report('ok', { status });
    report(`http_${Math.floor(status / 100)}xx`, { status });
    // Only a server-side trouble is worth retrying; a 4xx will answer the same tomorrow.
    if (status >= 500) throw new RetryableDeliveryError(`notification answered HTTP ${status}`);
    throw new Error(`notification answered HTTP ${status}`);
  };
}
