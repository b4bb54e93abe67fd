import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { DomainError } from '../../domain/errors.js';
import type { Logger } from '../../ports/logger.js';
import { AttemptError, type AttemptTarget, sendAttempt } from './http-attempt.js';
import { backoffDelayMs, type RetryPolicy } from './retry-policy.js';
import { type AttemptFailure, classifyHttpFailure, classifyNetworkFailure, errorInSuccess, httpStatusOfGrpc } from './wire-errors.js';
import { WORDSTAT_PATHS, type WordstatMethod } from './wire-request.js';

/**
 * The methods a quota gate counts: every one, GetRegionsTree included. It costs no money, but it is a request the
 * hourly quota counts all the same (it used to bypass the gate).
 */
export type PaidMethod = WordstatMethod;

/**
 * Called before every upstream attempt of a paid method, retries included, so that a quota scheduler counts
 * what really reaches the API. Resolves when the attempt may go; rejects (SOURCE_RATE_LIMITED /
 * SOURCE_QUOTA_EXHAUSTED) when it may not.
 */
export type AttemptGate = (method: PaidMethod, signal?: AbortSignal) => Promise<void>;

export interface WordstatClientOptions {
  target: AttemptTarget;
  timeoutMs: number;
  retry: RetryPolicy;
  logger: Logger;
  gate?: AttemptGate | undefined;
  /** Which credential kind is in use, for the log line (the credential itself is never logged). */
  authKind: 'api-key' | 'iam-token';
  now?: () => number;
}

/** Announced waits above this are a spent quota, not a momentary rate limit. */
const SHORT_WAIT_SECONDS = 60;

/** Sends one logical call with retries, and turns the answer into a parsed body or a DomainError. */
export interface WordstatClient {
  call<S extends z.ZodType>(method: WordstatMethod, body: unknown, schema: S, signal?: AbortSignal): Promise<z.output<S>>;
}

/** A 2xx body read: the parsed answer, or SOURCE_FAILED saying why it could not be read (not JSON, wrong shape). */
function parseBody<S extends z.ZodType>(
  method: WordstatMethod,
  text: string,
  schema: S,
  logger: Logger,
): { ok: true; value: z.output<S> } | { ok: false; error: DomainError } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    logger.warn({ method, bytes: text.length }, 'Wordstat sent a body that is not JSON');
    return { ok: false, error: new DomainError('SOURCE_FAILED', 'Wordstat sent a malformed answer (not JSON)', { cause }) };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown';
    logger.warn({ method, issue: where }, 'Wordstat sent an answer of unexpected shape');
    return { ok: false, error: new DomainError('SOURCE_FAILED', `Wordstat sent an unexpected answer (${where})`) };
  }
  return { ok: true, value: parsed.data };
}

/** Creates the retrying client. Every failure leaves as a DomainError; nothing else escapes. */
export function createWordstatClient(options: WordstatClientOptions): WordstatClient {
  const { target, timeoutMs, retry, logger, gate } = options;
  const now = options.now ?? Date.now;

  return {
    async call(method, body, schema, signal) {
      const deadline = now() + retry.deadlineMs;
      let unknownWaitRetries = 0;
      for (let attempt = 1; ; attempt++) {
        if (gate) await gate(method, signal);
        const attemptTimeout = Math.max(1, Math.min(timeoutMs, deadline - now()));
        let failure: AttemptFailure;
        try {
          const requestId = randomUUID();
          const answer = await sendAttempt(target, WORDSTAT_PATHS[method], body, attemptTimeout, signal, requestId);
          // Both ids in the log, so Yandex support can find the call (the client's, and the one Yandex gave it).
          logger.debug({ method, attempt, status: answer.status, clientRequestId: requestId, yandexRequestId: answer.requestId }, 'Wordstat answered');
          const hiddenError = answer.status >= 200 && answer.status < 300 ? errorInSuccess(answer.text) : undefined;
          if (answer.status >= 200 && answer.status < 300 && hiddenError === undefined) {
            const parsed = parseBody(method, answer.text, schema, logger);
            if (parsed.ok) return parsed.value;
            // A garbled answer is the source's fault, like a 5xx: tried again within the call, never read as the
            // keyword's fault (a task failed whole on one truncated body, issue 24, item 7).
            failure = { kind: 'transient', error: parsed.error };
          } else {
            logger.warn({ method, attempt, status: answer.status, clientRequestId: requestId, yandexRequestId: answer.requestId }, 'Wordstat answered with an error');
            failure = classifyHttpFailure(hiddenError === undefined ? answer.status : httpStatusOfGrpc(hiddenError), answer.retryAfter, answer.text, now());
          }
        } catch (error) {
          if (error instanceof DomainError) throw error;
          const attemptError = error instanceof AttemptError ? error : undefined;
          if (attemptError?.callerAborted || signal?.aborted) {
            throw new DomainError('SOURCE_UNAVAILABLE', 'Wordstat call cancelled', { cause: error });
          }
          failure = classifyNetworkFailure(attemptError?.cause ?? error, attemptError?.timedOut ?? false);
        }

        const canRetry = (waitMs: number) => attempt < retry.attempts && now() + waitMs < deadline;
        let waitMs: number;
        if (failure.kind === 'fatal') {
          if (failure.misconfigured) {
            // Loud on purpose: every call will fail until an operator fixes the credentials or the folder.
            logger.error(
              { method, auth: options.authKind, upstream: 'wordstat' },
              'Wordstat rejected the credentials or folder (HTTP 401/403): check YANDEX_API_KEY / YANDEX_IAM_TOKEN and YANDEX_FOLDER_ID',
            );
          }
          throw failure.error;
        } else if (failure.kind === 'transient') {
          waitMs = backoffDelayMs(retry, attempt - 1);
          if (!canRetry(waitMs)) throw failure.error;
          logger.warn({ method, attempt, reason: failure.error.message }, 'Wordstat call failed; retrying');
        } else if (failure.waitSeconds !== undefined) {
          const wait = failure.waitSeconds;
          if (wait > SHORT_WAIT_SECONDS) {
            throw new DomainError('SOURCE_QUOTA_EXHAUSTED', `Wordstat quota exhausted; it refills in ${wait} s`, {
              retryAfterSeconds: wait,
            });
          }
          waitMs = wait * 1000 + backoffDelayMs(retry, 0) / 4;
          if (waitMs > retry.maxRateLimitWaitMs || !canRetry(waitMs)) {
            throw new DomainError('SOURCE_RATE_LIMITED', `Wordstat rate limit reached; retry in ${wait} s`, {
              retryAfterSeconds: Math.max(1, wait),
            });
          }
          logger.warn({ method, attempt, waitSeconds: wait }, 'Wordstat rate limit; waiting as told');
        } else {
          waitMs = backoffDelayMs(retry, attempt - 1);
          if (!canRetry(waitMs)) {
            // Still limited after backing off with no hint: treat it as the quota, not a momentary burst.
            if (unknownWaitRetries > 0) {
              throw new DomainError('SOURCE_QUOTA_EXHAUSTED', 'Wordstat quota exhausted', {});
            }
            throw new DomainError('SOURCE_RATE_LIMITED', 'Wordstat rate limit reached', {
              retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
            });
          }
          unknownWaitRetries++;
          logger.warn({ method, attempt }, 'Wordstat rate limit without a hint; backing off');
        }
        try {
          await sleep(waitMs, undefined, signal ? { signal } : undefined);
        } catch (cause) {
          throw new DomainError('SOURCE_UNAVAILABLE', 'Wordstat call cancelled', { cause });
        }
      }
    },
  };
}
