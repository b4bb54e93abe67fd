import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgKeyChangeFeed } from '../../../src/adapters/key-events/pg-key-change-feed.js';
import { migrate } from '../../../src/adapters/sql/migrations.js';
import { createPgClient } from '../../../src/adapters/sql/pg-client.js';
import type { SqlClient } from '../../../src/adapters/sql/sql-client.js';
import { createSqlKeyStore } from '../../../src/adapters/sql/sql-key-store.js';
import type { KeyChange, KeyChangeFeed } from '../../../src/ports/key-changes.js';
import { silentLogger } from '../../../src/ports/logger.js';
import { eventually } from '../sql/support/env.js';
import { startTcpProxy } from '../sql/support/tcp-proxy.js';

const url = process.env.DATABASE_URL;
if (!url) console.warn('[skipped] key changes over LISTEN/NOTIFY: set DATABASE_URL to run it');

/** DATABASE_URL with its search_path set to `schema`, as a deployment would give one. */
function urlFor(schema: string, base = url!): string {
  const target = new URL(base);
  target.searchParams.set('options', `-c search_path=${schema}`);
  return target.toString();
}

/**
 * A TCP proxy that can freeze: bytes stop flowing both ways but no connection is closed, as when a network path
 * dies silently. Nobody is told; only a probe that goes unanswered can tell.
 */
async function startFreezingProxy(host: string, port: number) {
  const pairs = new Set<[Socket, Socket]>();
  let frozen = false;
  const server = createServer((client) => {
    const upstream = connect(port, host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    for (const socket of pair) {
      socket.on('error', () => {});
      socket.on('close', () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => frozen || upstream.write(chunk));
    upstream.on('data', (chunk) => frozen || client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    freeze: () => (frozen = true),
    thaw: () => (frozen = false),
    async close() {
      for (const pair of pairs) pair.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Records what a feed delivers. */
function record(feed: KeyChangeFeed) {
  const seen = { changes: [] as KeyChange[], gaps: 0 };
  feed.subscribe({ onChange: (change) => seen.changes.push(change), onGap: () => seen.gaps++ });
  return seen;
}

describe.skipIf(!url)('key changes over PostgreSQL LISTEN/NOTIFY', () => {
  const schemas = [`t_keyfeed_${process.pid}_${randomBytes(4).toString('hex')}`, `t_keyfeed_${process.pid}_${randomBytes(4).toString('hex')}`];
  const clients: SqlClient[] = [];
  const feeds: KeyChangeFeed[] = [];
  let admin: SqlClient;
  const open = (schema: string) => {
    const client = createPgClient({ connectionString: url!, schema, logger: silentLogger });
    clients.push(client);
    return client;
  };
  const feedOn = (connectionString: string, timing: { heartbeatMs?: number; queryTimeoutMs?: number } = {}) => {
    const feed = createPgKeyChangeFeed({ connectionString, logger: silentLogger, maxBackoffMs: 200, ...timing });
    feeds.push(feed);
    return feed;
  };

  beforeAll(async () => {
    admin = createPgClient({ connectionString: url!, logger: silentLogger });
    for (const schema of schemas) await migrate(open(schema));
  });
  afterAll(async () => {
    await Promise.all(feeds.map((feed) => feed.close()));
    await Promise.all(clients.map((client) => client.close()));
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  });

  it('hears every issue and revocation the key store commits in its schema, and none of another schema', async () => {
    const feed = feedOn(urlFor(schemas[0]!));
    const seen = record(feed);
    await eventually(() => feed.isLive(), 20_000);
    expect(seen.gaps).toBe(1); // becoming live is itself a gap: nothing heard before it can be trusted

    const store = createSqlKeyStore({ client: open(schemas[0]!) });
    const elsewhere = createSqlKeyStore({ client: open(schemas[1]!) });
    const issued = await store.create('robot');
    const foreign = await elsewhere.create('other schema');
    await elsewhere.revoke(foreign.id);
    await store.revoke(issued.id);
    await eventually(() => seen.changes.length >= 2, 10_000);
    expect(seen.changes).toEqual([
      { kind: 'created', keyId: issued.id },
      { kind: 'revoked', keyId: issued.id },
    ]);
    // An unknown id writes nothing, so announces nothing.
    await store.revoke('key_missing');
    const marker = await store.create('marker');
    await eventually(() => seen.changes.length >= 3, 10_000);
    expect(seen.changes[2]).toEqual({ kind: 'created', keyId: marker.id });
  });

  it('a change rolled back is never announced', async () => {
    const feed = feedOn(urlFor(schemas[0]!));
    const seen = record(feed);
    await eventually(() => feed.isLive(), 20_000);
    const client = open(schemas[0]!);
    await expect(
      client.transaction(async (tx) => {
        await createSqlKeyStore({ client: tx }).create('rolled back');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const after = await createSqlKeyStore({ client }).create('committed');
    await eventually(() => seen.changes.length >= 1, 10_000);
    expect(seen.changes).toEqual([{ kind: 'created', keyId: after.id }]);
  });

  it('a cut connection is reported (not live, a gap), then listened again with another gap, and hears changes again', async () => {
    const target = new URL(url!);
    const proxy = await startTcpProxy(target.hostname === 'localhost' ? '127.0.0.1' : target.hostname, Number(target.port || 5432));
    try {
      target.hostname = '127.0.0.1';
      target.port = String(proxy.port);
      const feed = feedOn(urlFor(schemas[0]!, target.toString()), { heartbeatMs: 100, queryTimeoutMs: 1_000 });
      const seen = record(feed);
      await eventually(() => feed.isLive(), 20_000);
      expect(seen.gaps).toBe(1);

      proxy.cut();
      await eventually(() => !feed.isLive(), 20_000);
      expect(seen.gaps).toBeGreaterThanOrEqual(2);
      proxy.restore();
      await eventually(() => feed.isLive(), 20_000);
      const gaps = seen.gaps;
      expect(gaps).toBeGreaterThanOrEqual(3);

      const issued = await createSqlKeyStore({ client: open(schemas[0]!) }).create('after the cut');
      await eventually(() => seen.changes.some((c) => c.keyId === issued.id), 10_000);
    } finally {
      await proxy.close();
    }
  });

  it('a connection that goes silent is noticed by the probe and given up, and listening resumes when it is back', async () => {
    const target = new URL(url!);
    const proxy = await startFreezingProxy(target.hostname === 'localhost' ? '127.0.0.1' : target.hostname, Number(target.port || 5432));
    try {
      target.hostname = '127.0.0.1';
      target.port = String(proxy.port);
      const feed = feedOn(urlFor(schemas[0]!, target.toString()), { heartbeatMs: 100, queryTimeoutMs: 1_000 });
      const seen = record(feed);
      await eventually(() => feed.isLive(), 20_000);
      proxy.freeze();
      // Nothing was closed: only the unanswered probe can make the feed give up.
      await eventually(() => !feed.isLive(), 20_000);
      expect(seen.gaps).toBeGreaterThanOrEqual(2);
      proxy.thaw();
      await eventually(() => feed.isLive(), 20_000);
      const issued = await createSqlKeyStore({ client: open(schemas[0]!) }).create('after the silence');
      await eventually(() => seen.changes.some((c) => c.keyId === issued.id), 10_000);
    } finally {
      await proxy.close();
    }
  });
});
