import { randomBytes } from 'node:crypto';
import { createClient } from '@keyv/redis';

/** The shared test Redis, when the environment provides one. */
export const redisUrl = process.env.REDIS_URL;

/** Says plainly that a Redis suite did not run (a silent skip reads like a pass). */
export function warnIfNoRedis(suite: string): void {
  if (!redisUrl) console.warn(`[skipped] ${suite}: set REDIS_URL (e.g. redis://127.0.0.1:6379) to run it`);
}

/** A key prefix no other test run uses: other suites share the same Redis at the same time. */
export function uniqueNamespace(label: string): string {
  return `test-${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Every key under `namespace:` (found with SCAN, never KEYS or FLUSH*). */
export async function keysUnder(url: string, namespace: string): Promise<string[]> {
  const client = createClient({ url });
  await client.connect();
  try {
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${namespace}:*`, COUNT: 500 })) keys.push(...batch);
    return keys;
  } finally {
    client.destroy();
  }
}

/** Deletes this run's keys, and only those. */
export async function deleteNamespace(url: string, namespace: string): Promise<void> {
  const keys = await keysUnder(url, namespace);
  if (keys.length === 0) return;
  const client = createClient({ url });
  await client.connect();
  try {
    await client.unlink(keys);
  } finally {
    client.destroy();
  }
}

/** The remaining time to live of one key, in ms (-2 when missing, -1 when it never expires). */
export async function ttlOf(url: string, key: string): Promise<number> {
  const client = createClient({ url });
  await client.connect();
  try {
    return await client.pTTL(key);
  } finally {
    client.destroy();
  }
}
