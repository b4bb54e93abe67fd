import { z } from 'zod';
import { apiKeyProblem } from '../domain/api-key-format.js';
import { isValidTimeZone } from '../domain/dates/calendar.js';
import { oauthUrlProblem } from '../domain/oauth-url.js';
import { parseDurationMs } from './duration.js';
import { chooseSource, type SourceChoice } from './source-choice.js';

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const ms = parseDurationMs(text);
      if (ms === undefined) {
        ctx.addIssue({ code: 'custom', message: `expected a duration like 90, 90s, 15m, 24h or 7d, got "${text}"` });
        return z.NEVER;
      }
      return ms;
    });

const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const list = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/**
 * Bearer keys as the authenticator reads them: a key it could never match (too short, too long, a space or a
 * non-ASCII character) stops start-up instead of a service that answers 401 to everything. The message says which
 * key by position and why, never the key itself.
 */
const apiKeys = list.superRefine((keys, ctx) => {
  keys.forEach((key, index) => {
    const problem = apiKeyProblem(key);
    if (problem) ctx.addIssue({ code: 'custom', message: `key ${index + 1} of ${keys.length} ${problem}` });
  });
});

/** An OAuth URL: absolute, https (plain http to loopback only), no credentials in it. */
const oauthUrl = optionalText.superRefine((url, ctx) => {
  const problem = url === undefined ? undefined : oauthUrlProblem(url);
  if (problem) ctx.addIssue({ code: 'custom', message: `the URL ${problem}` });
});

/**
 * `subject=keyId` pairs: the API key whose account and budget an access token with that `sub` acts as. Split at
 * the last `=` (key ids have none; a subject may).
 */
const subjectKeys = list.transform((pairs, ctx) => {
  const mapping = new Map<string, string>();
  for (const pair of pairs) {
    const at = pair.lastIndexOf('=');
    const subject = pair.slice(0, at).trim();
    const keyId = pair.slice(at + 1).trim();
    if (at <= 0 || subject === '' || keyId === '') {
      ctx.addIssue({ code: 'custom', message: `expected subject=keyId pairs separated by commas, got "${pair}"` });
      return z.NEVER;
    }
    mapping.set(subject, keyId);
  }
  return mapping as ReadonlyMap<string, string>;
});

/** Every environment variable the service reads, with its default. README's table mirrors this schema. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(8080, 0, 65535),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated bearer keys that are always valid (bootstrap, tests, simple deployments). */
  API_KEYS: apiKeys,
  /** A request's headers and body must arrive within this, or it ends with 408 (slow-body clients). */
  REQUEST_TIMEOUT: duration('30s'),
  /** Where the service keeps its own files (development key, embedded database). */
  DATA_DIR: z.string().default('data/runtime'),
  STATS_TIMEZONE: z
    .string()
    .default('Europe/Moscow')
    .refine(isValidTimeZone, { message: 'not an IANA time zone (e.g. Europe/Moscow)' }),

  SOURCE: z.enum(['demo', 'wordstat']).optional(),
  YANDEX_API_KEY: optionalText,
  // Refused at start: an IAM token lives at most 12 hours and the service has no way to renew it (that needs a
  // service account's authorized key and a token exchange), so it would start fine and fail every call by night.
  YANDEX_IAM_TOKEN: optionalText.refine((v) => v === undefined, {
    message: 'IAM tokens expire within 12 hours and are not refreshed by this service: use a service-account API key (YANDEX_API_KEY) instead',
  }),
  YANDEX_FOLDER_ID: optionalText,
  WORDSTAT_BASE_URL: z.url().default('https://searchapi.api.cloud.yandex.net'),
  SEARCH_BASE_URL: optionalText,
  /** Yandex Cloud's operations API: deferred web searches (searchAsync) are polled here until done. */
  SEARCH_OPERATIONS_BASE_URL: z.url().default('https://operation.api.cloud.yandex.net'),
  /** How often a deferred search's operation is polled (its answers take minutes). */
  SEARCH_POLL_INTERVAL: duration('30s'),
  /** Web search budgets (Yandex's defaults): synchronous and deferred calls per hour, and calls per second. */
  SEARCH_SYNC_RPH: int(10_000, 1),
  SEARCH_DEFERRED_RPH: int(35_000, 1),
  SEARCH_RPS: int(10, 1),
  /** How long one search-results page answers as fresh: results move, so its own TTL (stale-if-error after it: CACHE_STALE_TTL). */
  SEARCH_CACHE_TTL: duration('7d'),
  /**
   * The results-page format asked of the engine, for the whole deployment: `xml` (organic results only) or `html`
   * (organic results, text ads, the product gallery; read defensively). One search per page either way.
   */
  SEARCH_RESPONSE_FORMAT: z.enum(['xml', 'html'], { error: 'SEARCH_RESPONSE_FORMAT must be xml or html' }).default('xml'),
  /** What one search-results request costs on a fresh search, and when served from the cache. */
  SEARCH_PRICE_CALL: z.coerce.number().min(0).default(1),
  SEARCH_PRICE_REPEAT: z.coerce.number().min(0).default(0.1),
  WORDSTAT_RPS: int(10, 1),
  WORDSTAT_RPH: int(100, 1),
  WORDSTAT_MAX_WAIT_MS: int(2000, 0),
  WORDSTAT_TIMEOUT_MS: int(15_000, 100),
  /** How many source calls one request may run at once (search_volume fans out per keyword). */
  SOURCE_CONCURRENCY: int(8, 1, 100),

  REDIS_URL: optionalText,
  DATABASE_URL: optionalText,
  CACHE_TTL: duration('24h'),
  CACHE_STALE_TTL: duration('7d'),
  CACHE_MAX_ENTRIES: int(100_000, 1),
  CACHE_MAX_BYTES: int(256 * 1024 * 1024, 1024),

  PRICE_CALL: z.coerce.number().min(0).default(1),
  PRICE_REPEAT: z.coerce.number().min(0).default(0.1),

  LLM_BASE_URL: optionalText,
  LLM_API_KEY: optionalText,
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: int(20_000, 100),
  SUGGESTIONS_CALL_BUDGET: int(10, 0, 100),

  /** Processes run this many task workers (pg-boss); 0 makes an API-only instance. */
  TASK_WORKERS: int(4, 0, 64),
  /** How long finished tasks and their results are kept. */
  TASK_RETENTION: duration('30d'),
  /** Upstream calls per hour that tasks never use: live requests keep them. */
  LIVE_RESERVE_CALLS: int(20, 0),
  /** HMAC-SHA256 key of X-Signature on task notifications; unsigned when unset. */
  WEBHOOK_SECRET: optionalText,
  /** Let task notifications reach loopback, private and link-local addresses (tests, private networks). */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /**
   * Whether the explorer may hand the development key to a browser on this machine. Off unless set: `npm start`
   * (scripts/start.mjs, a development command) turns it on; the Docker image and a bare `node dist/…` never do.
   */
  EXPLORER_OFFER_DEV_KEY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Test and bench only: the length of the budget "hour" in ms (WORDSTAT_RPH calls per this window). */
  WORDSTAT_HOUR_MS: int(3_600_000, 1_000),
  /** Schema of the job tables (pg-boss) in the database; deployments sharing one database share it. */
  TASK_QUEUE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'lower-case letters, digits and _').default('pgboss'),
  /** First retry delay of a failed notification in seconds; it doubles, for up to 24 hours. */
  WEBHOOK_RETRY_SECONDS: int(30, 1),
  /** Seconds a task run may go without renewing its lease before a live process takes the task over (run-leases.ts). */
  TASK_LEASE_SECONDS: int(15, 2, 3_600),

  CORS_ORIGINS: list,
  METRICS_TOKEN: optionalText,
  /** The key the stdio MCP server (`npm run mcp`) acts as; default: the first of API_KEYS (or the development key). */
  MCP_API_KEY: optionalText.superRefine((key, ctx) => {
    const problem = key === undefined ? undefined : apiKeyProblem(key);
    if (problem) ctx.addIssue({ code: 'custom', message: `the key ${problem}` });
  }),
  /** Bearer token of the admin API (/admin/keys, /admin/usage); without it that API does not exist (404). */
  ADMIN_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, { message: 'use at least 16 characters' }),

  /**
   * OAuth 2.1 resource server (beside API keys): the authorization server whose access tokens (JWT) are accepted.
   * Unset: no token is tried, Bearer values are API keys only.
   */
  OAUTH_ISSUER: oauthUrl,
  /** This service's resource identifier (its public base URL, e.g. https://stats.example.com): the tokens' audience. */
  OAUTH_RESOURCE: oauthUrl,
  /** The issuer's JWKS; default: the jwks_uri of its metadata (RFC 8414, else OpenID Connect discovery). */
  OAUTH_JWKS_URL: oauthUrl,
  /** `subject=keyId,…`: the API key (its account, budget and ledger rows) each token subject acts as. */
  OAUTH_SUBJECT_KEYS: subjectKeys,
});

/** OAuth settings that only make sense together. */
function oauthProblems(env: z.output<typeof envSchema>, ctx: z.RefinementCtx): void {
  if (env.OAUTH_ISSUER === undefined) {
    for (const name of ['OAUTH_RESOURCE', 'OAUTH_JWKS_URL'] as const) {
      if (env[name] !== undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'needs OAUTH_ISSUER' });
    }
    return;
  }
  if (env.OAUTH_RESOURCE === undefined) {
    ctx.addIssue({ code: 'custom', path: ['OAUTH_RESOURCE'], message: "required with OAUTH_ISSUER: this service's public URL, the tokens' audience" });
  }
}

/** Read through `sourceKind` and `wordstat` instead: checked once, in chooseSource. */
type SourceVariableName = 'SOURCE' | 'YANDEX_API_KEY' | 'YANDEX_IAM_TOKEN' | 'YANDEX_FOLDER_ID';

/**
 * The typed, frozen configuration. A union on `sourceKind`: `wordstat` carries complete credentials, `none`
 * the reason there is no source, so no consumer checks the Yandex variables again.
 */
export type Config = Readonly<Omit<z.output<typeof envSchema>, SourceVariableName>> & SourceChoice;

/** The environment schema, then the source choice: one zod parse gives the whole Config. */
const configSchema = envSchema.superRefine(oauthProblems).transform((env): Config => {
  const { SOURCE: _source, YANDEX_API_KEY: _key, YANDEX_IAM_TOKEN: _token, YANDEX_FOLDER_ID: _folder, ...rest } = env;
  return Object.freeze({ ...rest, ...chooseSource(env) });
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value throws ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}
