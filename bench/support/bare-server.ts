/**
 * The ceiling of the hit-path benchmark: a bare node:http server that answers each path with bytes recorded
 * from the real service (same status, body and headers), doing nothing else but reading the request body.
 * Entry point: `node --import tsx bench/support/bare-server.ts <recorded.json> [backlog]`; prints `{"port": N}`.
 * Without a backlog, Node's default listen backlog (511).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';

/** One recorded answer, as the parent writes it. */
export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <recorded.json>');
const recorded = JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedAnswer>;
const answers = new Map(
  Object.entries(recorded).map(([path, answer]) => {
    const body = Buffer.from(answer.body, 'utf8');
    return [path, { status: answer.status, headers: { ...answer.headers, 'content-length': String(body.length) }, body }];
  }),
);

const server = createServer((req, res) => {
  // Read the body like the service must, so the ceiling does the same I/O.
  req.on('data', () => {});
  req.on('end', () => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
});
server.keepAliveTimeout = 65_000;
const backlog = process.argv[3] ? Number(process.argv[3]) : undefined;
server.listen({ port: 0, host: '127.0.0.1', ...(backlog ? { backlog } : {}) }, () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
