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
