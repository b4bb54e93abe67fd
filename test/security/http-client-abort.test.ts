import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createCapturedLogger } from '../support/log-capture.js';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** Sends the headers and the start of a 1000-byte body, then destroys the socket once the server has the request. */
async function abortMidBody(port: number, path: string) {
  const received = new Promise((resolve) => server!.once('request', resolve));
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TEST_KEY}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"phrase":"ноут',
  );
  await received;
  socket.destroy();
}

describe('client aborts mid-body (issue 11, item 5)', () => {
  it.each(['/v2/stats/top', '/v1/keywords/search_volume', '/graphql'])(
    '%s: counted as 499 in the access log and metrics, no error line, no stack, no 500',
    async (path) => {
      const { logger, lines, text, untilLine } = createCapturedLogger();
      const source = createFakeSource({ answers: formulaAnswers });
      const app = createTestApp({ source, logger });
      server = createServer(app.handleNode);
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
      const { port } = server.address() as { port: number };

      await abortMidBody(port, path);
      await untilLine((l) => l.msg === 'request' && l.route === path);

      const access = lines().find((l) => l.msg === 'request' && l.route === path)!;
      expect(access.status).toBe(499);
      expect(lines().filter((l) => (l.level as number) >= 50)).toEqual([]);
      expect(text()).not.toContain('stack');
      expect(source.count()).toBe(0);

      const metrics = await (await app.fetch(new Request('http://localhost/metrics'))).text();
      const samples = metrics.split('\n').filter((l) => l.startsWith('sds_http_requests_total{') && l.includes(`route="${path}"`));
      expect(samples).toEqual([`sds_http_requests_total{method="POST",route="${path}",status="499"} 1`]);
    },
  );
});
