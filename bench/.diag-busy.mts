import { createServer } from 'node:http';
const cost = Number(process.argv[3] ?? 0.4);
const body = 'x'.repeat(5700);
createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const until = performance.now() + cost;
    while (performance.now() < until);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
}).listen({ port: Number(process.argv[2]), backlog: 4096 });
