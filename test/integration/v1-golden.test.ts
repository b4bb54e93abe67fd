import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { createGoldenApp, expectGolden, maskEnvelope } from '../support/golden.js';
import { AUTH_HEADER } from '../support/kit.js';

interface SendOptions {
  method?: string;
  /** The body as sent; default JSON.stringify(body). */
  raw?: string;
  /** Send no Authorization header. */
  anonymous?: boolean;
}

/** One fresh app per case, so every golden starts from an empty cache; the answer's exact text is kept. */
async function call(path: string, body?: unknown, options: SendOptions = {}) {
  const { app, source } = createGoldenApp({
    failures: { 'сломанный запрос': new DomainError('SOURCE_FAILED', 'the source rejected the request for "сломанный запрос"') },
  });
  const method = options.method ?? 'POST';
  const headers = { 'content-type': 'application/json', ...(options.anonymous ? {} : AUTH_HEADER) };
  const payload = options.raw ?? (body === undefined ? '' : JSON.stringify(body));
  const response = await app.fetch(
    new Request(`http://service.test${path}`, { method, headers, ...(method === 'GET' ? {} : { body: payload }) }),
  );
  return { response, text: await response.text(), source };
}

/** The v1 envelope's bytes, its ids and times masked, against test/golden/<file>. */
const expectV1Golden = (file: string, text: string) => expectGolden('golden', file, maskEnvelope(text));

describe('/v1 golden responses (whole app, exact bytes)', () => {
  it('search_volume: three keywords, default location', async () => {
    const { response, text } = await call('/v1/keywords/search_volume', {
      keywords: ['Купить ноутбук', '  пицца ', 'редкий запрос'],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-cache')).toBe('MISS');
    expectV1Golden('v1-search-volume.json', text);
  });

  it('suggestions: seed and duplicates removed, sorted, default limit', async () => {
    const { response, text } = await call('/v1/keywords/suggestions', { keyword: 'ноутбук' });
    expect(response.status).toBe(200);
    expectV1Golden('v1-suggestions.json', text);
  });

  it('locations: every region with its location code', async () => {
    const { response, text } = await call('/v1/keywords/locations', { keyword: 'пицца', language_code: 'en' });
    expect(response.status).toBe(200);
    expectV1Golden('v1-locations.json', text);
  });

  it('400: a keyword of spaces only, named by its index', async () => {
    const { response, text } = await call('/v1/keywords/search_volume', { keywords: ['ноутбук', '   '] });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-cost')).toBe('0');
    expectV1Golden('v1-error-400-keyword-empty.json', text);
  });

  it('400: an empty body', async () => {
    const { response, text } = await call('/v1/keywords/suggestions', undefined, { raw: '' });
    expect(response.status).toBe(400);
    expectV1Golden('v1-error-400-empty-body.json', text);
  });

  it('401: no key, with WWW-Authenticate', async () => {
    const { response, text, source } = await call('/v1/keywords/search_volume', { keywords: ['пицца'] }, { anonymous: true });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expectV1Golden('v1-error-401.json', text);
    expect(source.calls).toHaveLength(0);
  });

  it('404: an unknown path under /v1', async () => {
    const { response, text } = await call('/v1/keywords/volume', { keywords: ['пицца'] });
    expect(response.status).toBe(404);
    expectV1Golden('v1-error-404.json', text);
  });

  it('405: GET on a /v1 route, with Allow', async () => {
    const { response, text } = await call('/v1/keywords/locations', undefined, { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expectV1Golden('v1-error-405.json', text);
  });

  it('500: one keyword fails at the source, so the whole request fails with no partial result', async () => {
    const { response, text } = await call('/v1/keywords/search_volume', {
      keywords: ['пицца', 'сломанный запрос', 'ноутбук'],
    });
    expect(response.status).toBe(500);
    expectV1Golden('v1-error-500-source-failed.json', text);
  });
});
