import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';

/*
 * Issue 20, item 22 (GraphiQL): the page was served without a Content-Security-Policy and could be framed by any
 * site (clickjacking a page that holds the user's key in its headers tab). test/browser/graphiql.test.ts checks
 * in Chromium that the page still works under the policy.
 */
describe('the GraphiQL page has a CSP and cannot be framed', () => {
  const app = createTestApp();
  const page = () => app.fetch(new Request('http://localhost/graphql', { headers: { accept: 'text/html' } }));

  it('sends a CSP allowing only this service and its own inline scripts, frame-ancestors none, X-Frame-Options DENY', async () => {
    const response = await page();
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('renderYogaGraphiQL');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // Each inline script of the page is allowed by its hash, and only those.
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    expect(csp.match(/'sha256-/g)).toHaveLength(inline.length);
  });

  it('JSON answers of /graphql are not given the page policy', async () => {
    const response = await app.fetch(new Request('http://localhost/graphql?query=%7B__typename%7D'));
    expect(response.headers.get('content-type')).toContain('json');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});
