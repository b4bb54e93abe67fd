import { rmSync } from 'node:fs';
import { parse, validate } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLE_TABS } from '../../src/graphql/graphiql-examples.js';
import { schema } from '../../src/graphql/schema.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { buildExplorerPage } from '../support/explorer-build.js';

const page = buildExplorerPage();
afterAll(() => rmSync(page.dir, { recursive: true, force: true }));
const app = createTestApp({ source: createFakeSource({ answers: callNumberAnswers, latencyMs: 0 }), explorerPageDir: page.dir });
const get = (path: string, init: RequestInit = {}) => app.fetch(new Request(`http://localhost${path}`, init));

describe('the explorer page and GraphiQL polish', () => {
  it('serves the page at / with a strict CSP, and its script and stylesheet from this service', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('src="/explorer/explorer.js"');
    expect(html).not.toMatch(/https?:\/\//); // nothing from a CDN
    const script = await get('/explorer/explorer.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await script.text()).length).toBe(page.sizes.js);
    expect((await get('/explorer/explorer.css')).status).toBe(200);
    expect((await get('/', { method: 'HEAD' })).status).toBe(200);
  });

  it('keeps its script under 200 KB gzipped', () => {
    expect(page.sizes.jsGzip).toBeLessThan(200 * 1024);
  });

  it('serves only its own files: other names under /explorer/ are 404, writes are not served', async () => {
    for (const path of ['/explorer/../package.json', '/explorer/%2e%2e/package.json', '/explorer/build.mjs', '/explorer/sizes.json']) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get('/', { method: 'POST' })).status).toBe(404);
  });

  it('says how to build the page when it is not built', async () => {
    const bare = createTestApp({ source: createFakeSource({ answers: callNumberAnswers, latencyMs: 0 }), explorerPageDir: '/nonexistent' });
    // An explicit folder without the page: not built.
    const response = await bare.fetch(new Request('http://localhost/'));
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });

  it('serves /favicon.ico (an icon, not a 404), and GraphiQL links it', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    const bytes = new Uint8Array(await icon.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]); // the ICO header
    const graphiql = await (await get('/graphql', { headers: { accept: 'text/html' } })).text();
    expect(graphiql).toContain('<link rel=icon href=/favicon.ico>');
  });

  it('GraphiQL shows its title while loading, not the template placeholder', async () => {
    const graphiql = await (await get('/graphql', { headers: { accept: 'text/html' } })).text();
    expect(graphiql).not.toContain('__TITLE__');
    expect(graphiql).toContain('Loading Search demand statistics…');
  });

  it('every example tab is a valid operation of the schema, one per subject', () => {
    const names = EXAMPLE_TABS.map((tab) => {
      const document = parse(tab.query);
      expect(validate(schema, document)).toEqual([]);
      return (document.definitions[0] as { name?: { value: string } }).name?.value;
    });
    expect(names).toEqual(['Top', 'Dynamics', 'Regions', 'Keywords', 'SemanticCore', 'Suggestions', 'Quota']);
  });
});
