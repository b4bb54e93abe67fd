// Preloaded into a process under test (`--import ./bench/support/profile-preload.mjs`): SIGUSR2 starts the V8
// CPU profiler, the next SIGUSR2 stops it and writes `<BENCH_PROFILE_DIR>/<pid>-<n>.cpuprofile`, then prints
// `{"profiled": "<file>"}` on stdout. So a profile covers the measured window only, not start-up or warm-up.
import { writeFileSync, mkdirSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR ?? 'bench/profiles';
const session = new Session();
session.connect();
let running = false;
let count = 0;

process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (error) return void process.stderr.write(`profiler: ${error.message}\n`);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${process.pid}-${++count}.cpuprofile`);
    writeFileSync(file, JSON.stringify(result.profile));
    process.stdout.write(`${JSON.stringify({ profiled: file })}\n`);
  });
});
