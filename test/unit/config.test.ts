import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateDevKey } from '../../src/adapters/dev-key.js';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { createAuthenticator } from '../../src/services/auth/authenticator.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      STATS_TIMEZONE: 'Europe/Moscow',
      CACHE_TTL: 24 * 3_600_000,
      CACHE_STALE_TTL: 7 * 24 * 3_600_000,
      PRICE_CALL: 1,
      PRICE_REPEAT: 0.1,
      WORDSTAT_RPS: 10,
      WORDSTAT_RPH: 100,
      WORDSTAT_MAX_WAIT_MS: 2000,
      SUGGESTIONS_CALL_BUDGET: 10,
      API_KEYS: [],
      sourceKind: 'demo',
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it.each([
    [{ YANDEX_API_KEY: 'k', YANDEX_FOLDER_ID: 'f' }, 'wordstat'],
    [{ YANDEX_API_KEY: 'k' }, 'demo'], // no folder: not credentials enough
    [{ NODE_ENV: 'production' }, 'none'], // production never falls back to the demo
    [{ NODE_ENV: 'production', SOURCE: 'demo' }, 'demo'],
    [{ SOURCE: 'wordstat' }, 'none'], // asked for, not configured: no source (503), the start-up log says why
  ])('%o chooses the %s source', (env, kind) => expect(loadConfig(env).sourceKind).toBe(kind));

  it('carries complete Wordstat credentials with the wordstat choice, and hides the raw variables', () => {
    const config = loadConfig({ YANDEX_API_KEY: ' k ', YANDEX_FOLDER_ID: 'f' });
    if (config.sourceKind !== 'wordstat') throw new Error(`expected wordstat, got ${config.sourceKind}`);
    expect(config.wordstat).toEqual({ folderId: 'f', apiKey: 'k' });
    for (const name of ['SOURCE', 'YANDEX_API_KEY', 'YANDEX_IAM_TOKEN', 'YANDEX_FOLDER_ID']) expect(config).not.toHaveProperty(name);
  });

  it('refuses an IAM token at start, saying why and what to use (issue 20, item 27: tokens expire, nothing renews them)', () => {
    for (const env of [{ YANDEX_IAM_TOKEN: 't1.abc', YANDEX_FOLDER_ID: 'f' }, { YANDEX_API_KEY: 'k', YANDEX_IAM_TOKEN: 't', YANDEX_FOLDER_ID: 'f' }]) {
      expect(() => loadConfig(env)).toThrow(/YANDEX_IAM_TOKEN: IAM tokens expire within 12 hours.*YANDEX_API_KEY/);
    }
  });

  it.each([
    [{ SOURCE: 'wordstat' }, 'SOURCE=wordstat needs YANDEX_API_KEY and YANDEX_FOLDER_ID'],
    [{ SOURCE: 'wordstat', YANDEX_API_KEY: 'k' }, 'SOURCE=wordstat needs YANDEX_API_KEY and YANDEX_FOLDER_ID'],
    [{ NODE_ENV: 'production' }, 'production needs YANDEX_API_KEY and YANDEX_FOLDER_ID, or SOURCE=demo'],
  ])('%o gives no source, saying why', (env, reason) => {
    expect(loadConfig(env)).toMatchObject({ sourceKind: 'none', sourceProblem: reason });
  });

  it('parses lists and durations', () => {
    const config = loadConfig({ API_KEYS: ' a1234567, ,b1234567 ', CACHE_TTL: '90m', CACHE_STALE_TTL: '3600' });
    expect(config.API_KEYS).toEqual(['a1234567', 'b1234567']);
    expect(config.CACHE_TTL).toBe(90 * 60_000);
    expect(config.CACHE_STALE_TTL).toBe(3_600_000);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['STATS_TIMEZONE', 'Mars/Olympus'],
    ['CACHE_TTL', 'forever'],
    ['SOURCE', 'bing'],
    ['PRICE_CALL', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['WORDSTAT_BASE_URL', 'not a url'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
  });
});

describe('bearer keys in the configuration (issue 24, item 11)', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    return undefined;
  };

  it.each([
    ['k1', 'key 1 of 1 has 2 characters; a key needs 8 to 512'],
    ['a1234567,short', 'key 2 of 2 has 5 characters; a key needs 8 to 512'],
    [`a1234567,${'x'.repeat(513)}`, 'key 2 of 2 has 513 characters; a key needs 8 to 512'],
    ['ключ-на-русском', 'key 1 of 1 has a character other than printable ASCII'],
    ['two words here', 'key 1 of 1 has a character other than printable ASCII'],
  ])('API_KEYS=%s stops start-up, naming the variable and the rule', (value, why) => {
    const message = refusal({ API_KEYS: value });
    expect(message).toContain(`API_KEYS: ${why}`);
    // The key is a secret: the message says which one by position, never repeats it.
    for (const key of value.split(',')) expect(message).not.toContain(key);
  });

  it('refuses an MCP_API_KEY the authenticator could never match', () => {
    expect(refusal({ MCP_API_KEY: 'abc' })).toContain('MCP_API_KEY: the key has 3 characters; a key needs 8 to 512');
  });

  it('accepts keys of 8 and 512 characters, and every key it accepts authenticates', async () => {
    const keys = ['a1234567', 'y'.repeat(512), 'Tok3n!#$%&()*+-./:;<=>?@[]^_`{|}~'];
    const config = loadConfig({ API_KEYS: keys.join(','), MCP_API_KEY: 'a1234567' });
    expect(config.API_KEYS).toEqual(keys);
    const authenticator = createAuthenticator(config.API_KEYS);
    for (const key of keys) expect(await authenticator.authenticate(`Bearer ${key}`)).toMatchObject({ name: 'API_KEYS' });
  });
});

describe('development key', () => {
  it('is made once, kept with owner-only permissions, and reused after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sds-devkey-'));
    try {
      const first = loadOrCreateDevKey(join(dir, 'runtime'));
      expect(first.created).toBe(true);
      expect(first.key).toMatch(/^dev_[A-Za-z0-9_-]{32}$/);
      const again = loadOrCreateDevKey(join(dir, 'runtime'));
      expect(again).toMatchObject({ key: first.key, created: false });
      expect(readFileSync(first.path, 'utf8').trim()).toBe(first.key);
      expect(statSync(first.path).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
