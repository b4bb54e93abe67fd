import { type Dispatcher, getGlobalDispatcher, request } from 'undici';
import { z } from 'zod';
import { DomainError } from '../../domain/errors.js';
import type { SerpFormatName, SerpPage } from '../../ports/web-search.js';
import { isTimeoutError, parseJsonAs, postJson, readLimitedText } from '../http-body.js';
import { searchHttpError, unreadablePage } from './serp-errors.js';
import { parseSerpHtml } from './serp-html.js';
import { parseSerpXml } from './serp-xml.js';

/** What both web-search adapters share: where, as whom, within what deadline and size. */
export interface SerpWireOptions {
  /** Search API root (SEARCH_BASE_URL), e.g. `https://searchapi.api.cloud.yandex.net`. */
  baseUrl: string;
  /** Service-account API key (`Authorization: Api-Key …`); takes precedence over the IAM token. */
  apiKey?: string | undefined;
  /** IAM token (`Authorization: Bearer …`). */
  iamToken?: string | undefined;
  folderId: string;
  /**
   * The page format asked for (SEARCH_RESPONSE_FORMAT): `xml` (default; organic results only) or `html` (organic
   * results, text ads and the product gallery, read defensively). One request per page either way.
   */
  format?: SerpFormatName | undefined;
  /** Deadline of one HTTP exchange. */
  timeoutMs: number;
  /**
   * Takes a slot of the web-search budget before each search request is sent (the quota scheduler's acquire):
   * may wait, or throw SOURCE_RATE_LIMITED / SOURCE_QUOTA_EXHAUSTED, so the service never provokes an upstream 429.
   */
  gate?: () => Promise<void>;
  dispatcher?: Dispatcher;
  /** Largest answer read (default 8 MiB: a 30-result page is well under 1 MiB). */
  maxResponseBytes?: number;
  /** Current time for Retry-After dates (default Date.now). */
  now?: () => number;
}

/** One HTTP exchange with the API as JSON: the parsed body of a 2xx, or the gRPC-gateway error as a DomainError. */
export async function exchangeJson(options: SerpWireOptions, method: 'GET' | 'POST', url: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
  const dispatcher = options.dispatcher ?? getGlobalDispatcher();
  const headers = authorizationOf(options);
  const maxBytes = options.maxResponseBytes ?? 8 * 1024 * 1024;
  let text: string | undefined;
  try {
    const response =
      method === 'POST'
        ? await postJson(url, { headers, body, dispatcher, timeoutMs: options.timeoutMs })
        : await request(url, {
            method: 'GET',
            headers: { accept: 'application/json', ...headers },
            dispatcher,
            signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]) : AbortSignal.timeout(options.timeoutMs),
          });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const detail = (await readLimitedText(response.body, 16 * 1024).catch(() => undefined)) ?? '';
      const retryAfter = response.headers['retry-after'];
      const secrets = [options.apiKey, options.iamToken].filter((secret): secret is string => Boolean(secret));
      throw searchHttpError(response.statusCode, typeof retryAfter === 'string' ? retryAfter : undefined, detail, (options.now ?? Date.now)(), secrets);
    }
    text = await readLimitedText(response.body, maxBytes);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (isTimeoutError(error)) throw new DomainError('SOURCE_UNAVAILABLE', `no answer from web search within ${options.timeoutMs} ms`);
    throw new DomainError('SOURCE_UNAVAILABLE', `web search could not be reached: ${(error as Error).message}`);
  }
  if (text === undefined) throw unreadablePage(`the answer is larger than ${maxBytes} bytes`);
  const parsed = parseJsonAs(text, z.unknown());
  if ('problem' in parsed) throw unreadablePage('the answer is not JSON');
  return parsed.data;
}

const rawDataSchema = z.object({ rawData: z.string() });

/** The request's responseFormat for a format name. */
export const wireFormat = (format: SerpFormatName | undefined) => (format === 'html' ? 'FORMAT_HTML' : 'FORMAT_XML');

/** A page from a `{rawData}` answer (the sync answer, a done operation's response): base64 of XML or HTML. */
export function pageOfRawData(answer: unknown, format: SerpFormatName = 'xml'): SerpPage {
  const parsed = rawDataSchema.safeParse(answer);
  if (!parsed.success) throw unreadablePage('the answer has no rawData');
  const text = Buffer.from(parsed.data.rawData, 'base64').toString('utf8');
  if (looksLikeCaptcha(text)) throw unreadablePage('a captcha page instead of results');
  return format === 'html' ? parseSerpHtml(text) : parseSerpXml(text);
}

/** The engine's robot check: its form or its SmartCaptcha page. */
function looksLikeCaptcha(text: string): boolean {
  return /showcaptcha|smartcaptcha|checkcaptcha|<form[^>]+captcha/i.test(text.slice(0, 64 * 1024));
}

function authorizationOf(options: SerpWireOptions): Record<string, string> {
  if (options.apiKey) return { authorization: `Api-Key ${options.apiKey}` };
  if (options.iamToken) return { authorization: `Bearer ${options.iamToken}` };
  return {};
}
