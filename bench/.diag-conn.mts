import { request, Agent } from 'node:http';
const url = new URL(process.argv[2]!);
const key = process.argv[3]!;
const N = Number(process.argv[4] ?? 1000);
const seconds = Number(process.argv[5] ?? 10);
const body = JSON.stringify({ phrase: 'ноутбук', numPhrases: 50 });
const t0 = performance.now();
const lat: { start: number; ms: number; conn: number; seq: number }[] = [];
let stop = false;
let release!: () => void; const ready = new Promise<void>((r) => (release = r));
let opened = 0;
setTimeout(() => (stop = true), seconds * 1000);
function one(agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: '/v2/stats/top', method: 'POST', agent, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume(); res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end(body);
  });
}
const preconnect = process.env.PRECONNECT === '1';
async function conn(i: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  if (preconnect) { await one(agent); await ready; }
  let seq = 0;
  while (!stop) {
    const s = performance.now();
    try { await one(agent); } catch (e) { console.log('err', i, String(e)); }
    lat.push({ start: s - t0, ms: performance.now() - s, conn: i, seq: seq++ });
  }
}
void (async () => {
  if (preconnect) setTimeout(() => release(), 3000); else release();
 await Promise.all(Array.from({ length: N }, (_, i) => conn(i)));
lat.sort((a, b) => b.ms - a.ms);
console.log('requests', lat.length, 'rps', (lat.length / seconds).toFixed(0));
console.log('top 15:', lat.slice(0, 15).map((l) => `${l.ms.toFixed(0)}ms@${l.start.toFixed(0)} c${l.conn} s${l.seq}`).join('  '));
const over = lat.filter((l) => l.ms > 2000);
console.log('over 2s:', over.length, 'first-request among them:', over.filter((l) => l.seq === 0).length);
const sorted = lat.map((l) => l.ms).sort((a, b) => a - b);
console.log('p50', sorted[Math.floor(sorted.length / 2)]!.toFixed(0), 'p99', sorted[Math.floor(sorted.length * 0.99)]!.toFixed(0));
process.exit(0);
})();
