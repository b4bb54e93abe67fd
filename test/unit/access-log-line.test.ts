import { describe, expect, it } from 'vitest';
import { createAccessLog } from '../../src/observability/access-log.js';
import type { Metrics } from '../../src/ports/metrics.js';
import { createCapturedLogger } from '../support/log-capture.js';

describe('the access line (written without the redaction walk)', () => {
  it('holds the same fields, and every other line is still redacted', async () => {
    const { logger, lines, untilLine } = createCapturedLogger('info');
    const samples: unknown[] = [];
    const access = createAccessLog({ logger, metrics: { httpRequest: (s: unknown) => samples.push(s) } as unknown as Metrics });
    access({ info: { requestId: 'req-1', startedAt: 0, keyId: 'k1' }, method: 'POST', path: '/v2/stats/top', route: '/v2/stats/top', status: 200, xCache: 'HIT' });
    const line = await untilLine((l) => l.msg === 'request');
    expect(line).toMatchObject({ level: 30, service: 'search-demand-stats', reqId: 'req-1', method: 'POST', route: '/v2/stats/top', status: 200, cache: 'HIT', keyId: 'k1' });
    expect(Object.keys(line)).toEqual(['level', 'time', 'service', 'reqId', 'method', 'route', 'status', 'durationMs', 'cache', 'keyId', 'msg']);
    expect(samples).toHaveLength(1);

    logger.info({ authorization: 'Bearer secret-key' }, 'oops');
    expect(await untilLine((l) => l.msg === 'oops')).toMatchObject({ authorization: '[redacted]' });
    expect(lines()).toHaveLength(2);
  });
});

describe('the access line written as text', () => {
  const noMetrics = { httpRequest: () => {} } as unknown as Metrics;

  it('escapes what the client chose (an unmatched path) and stays one JSON line', async () => {
    const { logger, untilLine, text } = createCapturedLogger('info');
    const access = createAccessLog({ logger, metrics: noMetrics });
    const path = '/v9/"quoted"\\slash\nnew-line\u2028/ноутбук';
    access({ info: { requestId: 'req-2', startedAt: 0 }, method: 'GET', path, route: 'unmatched', status: 404, xCache: null });
    const line = await untilLine((l) => l.reqId === 'req-2');
    expect(line).toMatchObject({ path, route: 'unmatched', status: 404, msg: 'request' });
    expect(line).not.toHaveProperty('keyId');
    expect(line).not.toHaveProperty('cache');
    expect(text().split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('keeps the levels: a probe is debug (not written at info), a 5xx is an error line', async () => {
    const { logger, untilLine, lines } = createCapturedLogger('info');
    const access = createAccessLog({ logger, metrics: noMetrics });
    access({ info: { requestId: 'probe', startedAt: 0 }, method: 'GET', path: '/healthz', route: '/healthz', status: 200, xCache: null });
    access({ info: { requestId: 'boom', startedAt: 0 }, method: 'POST', path: '/v2/stats/top', route: '/v2/stats/top', status: 503, xCache: 'STALE' });
    expect(await untilLine((l) => l.reqId === 'boom')).toMatchObject({ level: 50, msg: 'request failed', cache: 'STALE' });
    expect(lines().map((l) => l.reqId)).toEqual(['boom']);
  });

  it('gives a logger not made here the same fields as an object', () => {
    const seen: { level: string; obj: object; msg?: string }[] = [];
    const record = (level: string) => (obj: object, msg?: string) => void seen.push({ level, obj, msg });
    const logger = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error'), child: () => logger };
    createAccessLog({ logger, metrics: noMetrics })({
      info: { requestId: 'req-3', startedAt: 0, keyId: 'k3' }, method: 'POST', path: '/v1/x', route: '/v1/x', status: 200, xCache: 'HIT',
    });
    expect(seen).toEqual([
      { level: 'info', msg: 'request', obj: { reqId: 'req-3', method: 'POST', route: '/v1/x', status: 200, durationMs: expect.any(Number), cache: 'HIT', keyId: 'k3' } },
    ]);
  });
});
