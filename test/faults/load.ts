import { setImmediate as nextTurn } from 'node:timers/promises';
import type { App } from '../../src/app.js';
import { TEST_KEY } from '../support/kit.js';

/** One request of the steady load, and what came back. */
export interface LoadResult {
  kind: string;
  status: number;
  /** Set when the answer was not a success (a GraphQL `errors` list counts as a failure). */
  failure?: string;
}

const PHRASES = ['ноутбук', 'пицца', 'велосипед', 'шины', 'ремонт', 'такси', 'цветы', 'диван', 'кроссовки', 'ипотека'];

/** The i-th request of a small mixed load: REST /v1 and /v2 and GraphQL over a pool of phrases (hits and misses). */
export function loadRequest(i: number, tag: string): { kind: string; path: string; body: unknown } {
  const phrase = `${PHRASES[i % PHRASES.length]} ${tag}${Math.floor(i / 7) % 25}`;
  switch (i % 5) {
    case 0:
      return { kind: 'v2 top', path: '/v2/stats/top', body: { phrase, numPhrases: 10 } };
    case 1:
      return { kind: 'v2 dynamics', path: '/v2/stats/dynamics', body: { phrase } };
    case 2:
      return { kind: 'v1 search_volume', path: '/v1/keywords/search_volume', body: { keywords: [phrase, `${phrase} цена`] } };
    case 3:
      return { kind: 'v2 regions', path: '/v2/stats/regions', body: { phrase, region: 'cities' } };
    default:
      return { kind: 'graphql', path: '/graphql', body: { query: `{ keyword(phrase: ${JSON.stringify(phrase)}) { searchVolume top(numPhrases: 5) { totalCount } } }` } };
  }
}

/** Sends one load request through the app. */
export async function sendLoad(app: App, i: number, tag: string): Promise<LoadResult> {
  const { kind, path, body } = loadRequest(i, tag);
  try {
    const response = await app.fetch(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    const text = await response.text();
    const failed = response.status !== 200 || (path === '/graphql' && text.includes('"errors"'));
    return failed ? { kind, status: response.status, failure: text.slice(0, 300) } : { kind, status: response.status };
  } catch (error) {
    return { kind, status: 0, failure: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Runs `workers` concurrent request loops for `durationMs`, calling `events` at their times (ms after start) while
 * the load runs. Resolves with every result.
 */
export async function steadyLoad(
  app: App,
  options: { workers: number; durationMs: number; tag: string; events?: { atMs: number; run: () => Promise<void> | void }[] },
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  const started = Date.now();
  let next = 0;
  const loops = Array.from({ length: options.workers }, async () => {
    while (Date.now() - started < options.durationMs) {
      results.push(await sendLoad(app, next++, options.tag));
      // Real requests arrive through I/O. An in-process loop that never leaves the microtask queue would starve
      // the app's own timers and sockets (the ledger's writer, Redis and PostgreSQL replies) as no server does.
      await nextTurn();
    }
  });
  const events = (async () => {
    for (const event of [...(options.events ?? [])].sort((a, b) => a.atMs - b.atMs)) {
      const wait = started + event.atMs - Date.now();
      // real wait: paces the load at a fixed arrival rate (test:long)
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await event.run();
    }
  })();
  await Promise.all([...loops, events]);
  return results;
}

/** Starts counting unhandled rejections; the returned function stops and hands back what was seen. */
export function watchUnhandledRejections(): () => unknown[] {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  return () => {
    process.off('unhandledRejection', listener);
    return seen;
  };
}
