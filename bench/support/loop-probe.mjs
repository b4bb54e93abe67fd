// Preloaded into the service by the startup benchmark (NODE_OPTIONS=--import …): records when the process starts
// listening and every event-loop stall (a 10 ms ticker that fires late, and the main thread's CPU time meanwhile) as lines in $SDS_PROBE_DIR/<pid>.
// Only the service (scripts/start.mjs or dist/src/main.js) is probed; npm and tsc, which get the same NODE_OPTIONS, are left alone.
import { appendFileSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

const dir = process.env.SDS_PROBE_DIR;
if (dir && /(start\.mjs|main\.js)$/.test(process.argv[1] ?? '')) {
  const file = join(dir, String(process.pid));
  const write = (record) => appendFileSync(file, `${JSON.stringify(record)}\n`);
  write({ event: 'start', at: Date.now() });
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function patchedListen(...args) {
    this.once('listening', () => write({ event: 'listening', at: Date.now() }));
    return listen.apply(this, args);
  };
  // A late tick is either this thread busy (a real block: the loop was running code) or the machine not giving the
  // thread a CPU (a busy shared machine). The main thread's own CPU time over the same interval (Linux
  // /proc/self/task/<pid>/stat, 10 ms resolution) tells them apart: `cpuMs` is what the loop really spent.
  const tickMs = 10;
  const statPath = `/proc/self/task/${process.pid}/stat`;
  const threadCpuMs = () => {
    try {
      const stat = readFileSync(statPath, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s
    } catch {
      return 0;
    }
  };
  let last = performance.now();
  let lastCpu = threadCpuMs();
  setInterval(() => {
    const now = performance.now();
    const cpu = threadCpuMs();
    const stall = now - last - tickMs;
    if (stall >= 20) write({ event: 'stall', at: Date.now(), ms: Math.round(stall), cpuMs: cpu - lastCpu });
    last = now;
    lastCpu = cpu;
  }, tickMs).unref();
}
