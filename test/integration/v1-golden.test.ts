import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { createRestHandler } from '../../src/rest/handler.js';
import { v1Routes } from '../../src/rest/v1/routes.js';
import { createFixtureSource } from '../support/fixture-source.js';
import { normaliseEnvelope, readGolden } from '../support/golden.js';
import { apiRequest, createTestRuntime, type PostOptions } from '../support/runtime.js';

/** One fresh runtime per case: every golden starts from an empty cache. */
async function call(path: string, body?: unknown, options?: PostOptions) {
  const source = createFixtureSource({
    failures: { 'сломанный запрос': new DomainError('SOURCE_FAILED', 'the source rejected the request for "сломанный запрос"') },
  });
  const { runtime } = createTestRuntime({ source });
  const response = await createRestHandler(runtime, v1Routes)(apiRequest(path, body, options));
  if (!response) throw new Error(`no response for ${path}`);
  return { response, json: (await response.json()) as unknown, source };
}

describe('/v1 golden responses', () => {
  it('search_volume: three keywords, default location', async () => {
    const { response, json } = await call('/v1/keywords/search_volume', {
      keywords: ['Купить ноутбук', '  пицца ', 'редкий запрос'],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-cache')).toBe('MISS');
    expect(normaliseEnvelope(json)).toEqual(readGolden('v1-search-volume.json'));
  });

  it('suggestions: seed and duplicates removed, sorted, default limit', async () => {
    const { response, json } = await call('/v1/keywords/suggestions', { keyword: 'ноутбук' });
    expect(response.status).toBe(200);
    expect(normaliseEnvelope(json)).toEqual(readGolden('v1-suggestions.json'));
  });

  it('locations: every region with its location code', async () => {
    const { response, json } = await call('/v1/keywords/locations', { keyword: 'пицца', language_code: 'en' });
    expect(response.status).toBe(200);
    expect(normaliseEnvelope(json)).toEqual(readGolden('v1-locations.json'));
  });

  it('400: a keyword of spaces only, named by its index', async () => {
    const { response, json } = await call('/v1/keywords/search_volume', { keywords: ['ноутбук', '   '] });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-cost')).toBe('0');
    expect(normaliseEnvelope(json)).toEqual(readGolden('v1-error-400-keyword-empty.json'));
  });

  it('400: an empty body', async () => {
    const { response, json } = await call('/v1/keywords/suggestions', undefined, { raw: '' });
    expect(response.status).toBe(400);
    expect(normaliseEnvelope(json)).toEqual(readGolden('v1-error-400-empty-body.json'));
  });

  it('401: no key, with WWW-Authenticate', async () => {
    const { response, json, source } = await call('/v1/keywords/search_volume', { keywords: ['пицца'] }, { key: null });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(normaliseEnvelope(json)).toEqual(readGolden('v1-error-401.json'));
    expect(source.calls).toHaveLength(0);
  });

  it('404: an unknown path under /v1', async () => {
    const { response, json } = await call('/v1/keywords/volume', { keywords: ['пицца'] });
    expect(response.status).toBe(404);
    expect(normaliseEnvelope(json)).toEqual(readGolden('v1-error-404.json'));
  });

  it('405: GET on a /v1 route, with Allow', async () => {
    const { response, json } = await call('/v1/keywords/locations', undefined, { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(normaliseEnvelope(json)).toEqual(readGolden('v1-error-405.json'));
  });

  it('500: one keyword fails at the source, so the whole request fails with no partial result', async () => {
    const { response, json } = await call('/v1/keywords/search_volume', {
      keywords: ['пицца', 'сломанный запрос', 'ноутбук'],
    });
    expect(response.status).toBe(500);
    expect(normaliseEnvelope(json)).toEqual(readGolden('v1-error-500-source-failed.json'));
  });
});
