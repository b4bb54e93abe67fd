import type { PhraseCount } from '../../domain/types.js';
import { bell, SALT } from './hash.js';
import type { PhraseParams } from './phrase-model.js';
import { MODIFIERS, TOPICS } from './vocabulary.js';

/** Queries containing the phrase, as modifier ranks (second = -1 for one modifier) and a part of its count. */
interface Candidates {
  first: Int16Array;
  second: Int16Array;
  ratio: Float64Array;
  /** Positions sorted by ratio, largest first (ties by position, so the order is deterministic). */
  order: Uint16Array;
}

/** Candidates live as long as the phrase's parameters (which the source keeps in a bounded cache). */
const candidateCache = new WeakMap<PhraseParams, Candidates>();

/** Only the most popular modifiers pair up ("купить недорого"); the long tail is used alone. */
const PAIR_POOL = 80;

const byCountThenPhrase = (a: PhraseCount, b: PhraseCount) =>
  b.count - a.count || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0);

function compose(phrase: string, modifiers: readonly string[]): string {
  const before = modifiers.filter((m) => m.startsWith('^')).map((m) => m.slice(1));
  const after = modifiers.filter((m) => !m.startsWith('^'));
  return [...before, phrase, ...after].join(' ');
}

/**
 * Every query the model knows that contains the phrase: the phrase with one modifier (popularity falling
 * with the modifier's rank, varied per phrase) or with two of the popular ones (rarer still, never above
 * either single one). Modifiers that repeat a word of the phrase are skipped. Strings are built only for the
 * rows returned.
 */
function containingCandidates(params: PhraseParams): Candidates {
  const cached = candidateCache.get(params);
  if (cached) return cached;
  const words = new Set(params.words);
  const single: { rank: number; ratio: number; before: boolean }[] = [];
  MODIFIERS.forEach((modifier, rank) => {
    if (modifier.replace('^', '').split(' ').some((w) => words.has(w))) return;
    const ratio = Math.min(0.6, 0.3 * (rank + 1) ** -0.75 * Math.exp(0.6 * bell(params.seed, SALT.modifier, rank)));
    single.push({ rank, ratio, before: modifier.startsWith('^') });
  });
  const pool = single.filter((s) => s.rank < PAIR_POOL);
  const first: number[] = single.map((s) => s.rank);
  const second: number[] = single.map(() => -1);
  const ratio: number[] = single.map((s) => s.ratio);
  for (let a = 0; a < pool.length; a++) {
    for (let b = a + 1; b < pool.length; b++) {
      const x = pool[a]!;
      const y = pool[b]!;
      if (x.before && y.before) continue;
      const jitter = Math.exp(0.4 * bell(params.seed, SALT.modifier, x.rank, y.rank));
      first.push(x.rank);
      second.push(y.rank);
      ratio.push(Math.min(0.8 * Math.min(x.ratio, y.ratio), 2.5 * x.ratio * y.ratio * jitter));
    }
  }
  const order = Uint16Array.from(ratio.keys()).sort((i, j) => ratio[j]! - ratio[i]! || i - j);
  const candidates = {
    first: Int16Array.from(first),
    second: Int16Array.from(second),
    ratio: Float64Array.from(ratio),
    order,
  };
  candidateCache.set(params, candidates);
  return candidates;
}

/**
 * GetTop's `results`: the phrase itself with the total, then queries containing it, sorted by count
 * (descending, ties by phrase), at most `limit` rows, zero counts left out (so rare phrases have few rows).
 */
export function topResults(params: PhraseParams, totalCount: number, limit: number): PhraseCount[] {
  if (totalCount <= 0 || limit <= 0) return [];
  const c = containingCandidates(params);
  const rows: PhraseCount[] = [];
  const seen = new Set([params.phrase]);
  // Walk by ratio (so by count, descending); past the limit keep only rows tying with the last one, so that
  // the tie-break by phrase picks the same rows whatever the limit.
  for (const i of c.order) {
    const count = Math.floor(totalCount * c.ratio[i]!);
    if (count <= 0) break;
    if (rows.length >= limit - 1 && count < (rows[rows.length - 1]?.count ?? 0)) break;
    const modifiers = [MODIFIERS[c.first[i]!]!];
    if (c.second[i]! >= 0) modifiers.push(MODIFIERS[c.second[i]!]!);
    const phrase = compose(params.phrase, modifiers);
    if (seen.has(phrase)) continue;
    seen.add(phrase);
    rows.push({ phrase, count });
  }
  rows.sort(byCountThenPhrase);
  return [{ phrase: params.phrase, count: totalCount }, ...rows.slice(0, limit - 1)];
}

/** The phrase's topic: the first whose vocabulary shares a word stem with it, else one picked by hash. */
function topicOf(params: PhraseParams): number {
  const stems = new Set(params.words.filter((w) => w.length >= 4).map((w) => w.slice(0, 4)));
  const found = TOPICS.findIndex((topic) =>
    topic.some((entry) => entry.split(' ').some((w) => w.length >= 4 && stems.has(w.slice(0, 4)))),
  );
  return found >= 0 ? found : params.seed % TOPICS.length;
}

/**
 * GetTop's `associations`: similar queries that do not contain the phrase, drawn from the phrase's topic
 * (and, weaker, one more topic picked by hash), alone or with a popular modifier; sorted by count.
 */
export function topAssociations(params: PhraseParams, totalCount: number, limit: number): PhraseCount[] {
  if (totalCount <= 0 || limit <= 0) return [];
  const main = topicOf(params);
  const second = (main + 1 + ((params.seed >>> 8) % (TOPICS.length - 1))) % TOPICS.length;
  const rows = new Map<string, number>();
  [main, second].forEach((topic, t) => {
    TOPICS[topic]!.forEach((entry, k) => {
      const base = (t === 0 ? 0.8 : 0.25) * (k + 1) ** -0.5 * Math.exp(0.7 * bell(params.seed, SALT.association, topic, k));
      const variants = [entry, ...MODIFIERS.slice(0, 12).map((m) => compose(entry, [m]))];
      variants.forEach((phrase, v) => {
        const ratio = Math.min(1.2, v === 0 ? base : base * 0.3 * (v + 1) ** -0.7);
        const count = Math.floor(totalCount * ratio);
        if (count > 0 && !phrase.includes(params.phrase) && !rows.has(phrase)) rows.set(phrase, count);
      });
    });
  });
  return [...rows].map(([phrase, count]) => ({ phrase, count })).sort(byCountThenPhrase).slice(0, limit);
}
