import { describe, expect, it } from 'vitest';
import { createInProcessKeyChangeFeed } from '../../src/adapters/key-events/in-process-key-change-feed.js';
import { mergeKeyChangeFeeds } from '../../src/adapters/key-events/merged-key-change-feed.js';
import { parseKeyChangeNotice } from '../../src/adapters/key-events/pg-notice.js';
import type { KeyAdmin } from '../../src/ports/key-admin.js';
import type { KeyChange, KeyChangeFeed } from '../../src/ports/key-changes.js';
import { announceKeyChanges } from '../../src/services/auth/announcing-key-admin.js';

describe('key change feeds', () => {
  it('the admin side announces what it wrote, after writing it, and nothing for an unknown id', async () => {
    const order: string[] = [];
    const admin: KeyAdmin = {
      async create(name) {
        order.push('write');
        return { id: 'key_1', name, key: 'sds_secret_never_announced' };
      },
      list: async () => [],
      async revoke(id) {
        order.push('write');
        return id === 'key_1' ? { id, name: 'a', createdAt: new Date(0), revokedAt: new Date(0) } : undefined;
      },
    };
    const announced: KeyChange[] = [];
    const announcing = announceKeyChanges(admin, (change) => {
      order.push('announce');
      announced.push(change);
    });
    await announcing.create('a');
    await announcing.revoke('key_1');
    await announcing.revoke('key_missing');
    expect(announced).toEqual([
      { kind: 'created', keyId: 'key_1' },
      { kind: 'revoked', keyId: 'key_1' },
    ]);
    expect(order).toEqual(['write', 'announce', 'write', 'announce', 'write']);
    expect(JSON.stringify(announced)).not.toContain('sds_secret');
  });

  it('merged feeds deliver every feed’s changes and are live only while all of them are', async () => {
    const own = createInProcessKeyChangeFeed();
    let remoteLive = false;
    const remote: KeyChangeFeed = { subscribe: () => () => {}, isLive: () => remoteLive, close: async () => {} };
    const merged = mergeKeyChangeFeeds(own, remote);
    const seen: KeyChange[] = [];
    const stop = merged.subscribe({ onChange: (change) => seen.push(change), onGap: () => {} });
    expect(merged.isLive()).toBe(false);
    remoteLive = true;
    expect(merged.isLive()).toBe(true);
    own.publish({ kind: 'revoked', keyId: 'key_9' });
    expect(seen).toEqual([{ kind: 'revoked', keyId: 'key_9' }]);
    stop();
    own.publish({ kind: 'revoked', keyId: 'key_10' });
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['{"schema":"public","kind":"revoked","id":"key_1"}', { kind: 'revoked', keyId: 'key_1' }],
    ['{"schema":"public","kind":"created","id":"key_2"}', { kind: 'created', keyId: 'key_2' }],
    ['{"schema":"other","kind":"revoked","id":"key_1"}', undefined],
    ['{"schema":"public","kind":"dropped","id":"key_1"}', undefined],
    ['{"schema":"public","kind":"revoked","id":7}', undefined],
    ['not json', undefined],
    [undefined, undefined],
  ])('reads the notice %j for schema public as %j', (payload, expected) => {
    expect(parseKeyChangeNotice(payload, 'public')).toEqual(expected);
  });
});
