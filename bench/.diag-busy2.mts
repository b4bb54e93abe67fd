import { createServer } from 'node:http';
const cost = Number(process.argv[3] ?? 0.4);
const body = 'x'.repeat(5700);
const t0 = performance.now();
const accepted: number[] = [];
const firstReq: number[] = [];
const server = createServer((req, res) => {
  const s = req.socket as any;
  if (s.__first === undefined) { s.__first = performance.now() - t0; firstReq.push(s.__first - s.__acc); }
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const until = performance.now() + cost;
    while (performance.now() < until);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
});
let iter = 0; const perIter = new Map<number, number>();
const tick = () => { iter++; setImmediate(tick); }; setImmediate(tick);
server.on('connection', (s: any) => { s.__acc = performance.now() - t0; accepted.push(s.__acc); perIter.set(iter, (perIter.get(iter) ?? 0) + 1); });
server.listen({ port: Number(process.argv[2]), backlog: 4096 });
setTimeout(() => {
  accepted.sort((a, b) => a - b); firstReq.sort((a, b) => b - a);
  console.log('connections', accepted.length, 'first accept', accepted[0]?.toFixed(0), 'last accept', accepted.at(-1)?.toFixed(0));
  console.log('accept→first request, worst 10:', firstReq.slice(0, 10).map((x) => x.toFixed(0)).join(' '));
  console.log('iterations with accepts:', perIter.size, 'accepts per such iteration:', [...perIter.values()].slice(0, 60).join(','));
  process.exit(0);
}, Number(process.argv[4] ?? 20000));
