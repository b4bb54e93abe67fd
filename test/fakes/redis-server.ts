import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** Whether a `redis-server` binary is available to start private servers. */
export function hasRedisServerBinary(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A free TCP port on 127.0.0.1, chosen by the OS. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface PrivateRedis {
  url: string;
  port: number;
  /** Starts (or restarts) the server on the same port; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Kills the server at once (SIGKILL): an outage, not a shutdown. */
  kill(): Promise<void>;
  /** Freezes / thaws the process: a server that accepts bytes but never answers. */
  pause(): void;
  resume(): void;
}

/** A throwaway redis-server of our own, without persistence, on a free port. */
export async function createPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      await new Promise<void>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
        started.stdout?.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Ready to accept connections')) {
            clearTimeout(timer);
            resolve();
          }
        });
        started.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`redis-server exited with ${code}:\n${output}`));
        });
      });
    },
    async kill() {
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGKILL');
      await exited;
    },
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
  };
  return redis;
}
