import { createServer } from 'node:http';
const cost = Number(process.argv[3] ?? 0.4);
const K = Number(process.argv[4] ?? 32);
const body = 'x'.repeat(5700);
let started = 0; let scheduled = false; const waiting: (() => void)[] = [];
const drain = () => { scheduled = false; started = 0; while (waiting.length && started < K) { started++; waiting.shift()!(); } if (waiting.length || started > 0) schedule(); };
const schedule = () => { if (!scheduled) { scheduled = true; setImmediate(drain); } };
const admit = (run: () => void) => { if (waiting.length === 0 && started < K) { started++; schedule(); run(); } else { waiting.push(run); schedule(); } };
createServer((req, res) => admit(() => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const until = performance.now() + cost;
    while (performance.now() < until);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
})).listen({ port: Number(process.argv[2]), backlog: 4096 });
