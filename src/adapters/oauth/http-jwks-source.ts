import { request } from 'undici';
import type { PublicJwk, TokenKeySource } from '../../ports/token-keys.js';
import { oauthUrlProblem } from '../../domain/oauth-url.js';
import { discardBody, readLimitedText } from '../http-body.js';

export interface HttpJwksSourceOptions {
  /** The authorization server's issuer identifier (OAUTH_ISSUER). */
  issuer: string;
  /** Where its key set is (OAUTH_JWKS_URL); without it, discovered from the issuer's metadata. */
  jwksUrl?: string | undefined;
  /** One deadline per HTTP exchange, connect to last byte (default 5 s). */
  timeoutMs?: number;
  /** Largest metadata document or key set read (default 256 KiB); a larger answer is refused unread. */
  maxBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_BYTES = 256 * 1024;

/** GET a JSON object, guarded: URL checked, no redirects followed (undici's request follows none), bounded. */
async function getJson(url: string, timeoutMs: number, maxBytes: number): Promise<Record<string, unknown>> {
  const problem = oauthUrlProblem(url);
  if (problem) throw new Error(`OAuth URL ${url} ${problem}`);
  const response = await request(url, {
    method: 'GET',
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  if (response.statusCode !== 200) {
    await discardBody(response.body);
    throw new Error(`${url} answered HTTP ${response.statusCode}`);
  }
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discardBody(response.body); // closes the connection past 64 KiB instead of reading on
    throw new Error(`${url} answered more than ${maxBytes} bytes`);
  }
  const text = await readLimitedText(response.body, maxBytes);
  if (text === undefined) throw new Error(`${url} answered more than ${maxBytes} bytes`);
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${url} did not answer a JSON object`);
  return parsed as Record<string, unknown>;
}

/**
 * Where an issuer's metadata may be, in the order tried: RFC 8414 (the well-known segment before the issuer's
 * path), then OpenID Connect Discovery (appended to the issuer).
 */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/**
 * The issuer's JWKS over HTTP. Its jwks_uri is discovered once (the issuer's metadata must name the same
 * issuer) and kept; a failed discovery is tried again by the next load. Each load fetches the key set: the
 * verifier decides how often that may happen (access-tokens.ts).
 */
export function createHttpJwksSource(options: HttpJwksSourceOptions): TokenKeySource {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let jwksUrl: string | undefined = options.jwksUrl;

  const discover = async (): Promise<string> => {
    const failures: string[] = [];
    for (const url of metadataUrls(options.issuer)) {
      try {
        const metadata = await getJson(url, timeoutMs, maxBytes);
        if (metadata.issuer !== options.issuer) throw new Error(`${url} names issuer ${JSON.stringify(metadata.issuer)}, not ${options.issuer}`);
        if (typeof metadata.jwks_uri !== 'string') throw new Error(`${url} has no jwks_uri`);
        return metadata.jwks_uri;
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    throw new Error(`could not discover the JWKS of ${options.issuer}: ${failures.join('; ')}`);
  };

  return {
    async load() {
      jwksUrl ??= await discover();
      const set = await getJson(jwksUrl, timeoutMs, maxBytes);
      if (!Array.isArray(set.keys)) throw new Error(`${jwksUrl} is not a JSON Web Key Set (no "keys" array)`);
      const keys = set.keys.filter((key): key is PublicJwk => typeof key === 'object' && key !== null && typeof (key as PublicJwk).kty === 'string');
      return { keys };
    },
  };
}
