import { canonicalPhrase } from '../source-call.js';
import { domainListed, urlKey } from './url-key.js';

/** How a group is formed (issue 28): around a marker, by connection, or by every pair. */
export const CLUSTER_MODES = ['soft', 'moderate', 'hard'] as const;
export type ClusterMode = (typeof CLUSTER_MODES)[number];

/** One phrase to group: its volume when known, and the result URLs of its page in rank order. */
export interface ClusterInput {
  phrase: string;
  volume: number | null;
  urls: readonly string[];
}

export interface ClusterOptions {
  mode: ClusterMode;
  /** Shared URLs that make two phrases one page's (2–10). */
  threshold: number;
  /** Domains whose results are not counted (wikipedia, youtube, marketplaces): they rank for everything. */
  stopDomains?: readonly string[];
  /** Leave home pages out of the count (a site's front page ranks for many unrelated queries). */
  excludeHomePages?: boolean;
}

export interface ClusterMember {
  phrase: string;
  volume: number | null;
  /** URLs it shares with the marker (the marker's own: all its counted URLs). */
  shared: number;
}

export interface Cluster {
  /** Stable: made from the marker's phrase, so the same input gives the same ids and a kept marker keeps its id. */
  id: string;
  marker: string;
  /** The marker first, then by volume. */
  members: ClusterMember[];
  /** Sum of the members' known volumes, each phrase once. */
  volume: number;
  /** The URLs and domains most members' pages hold (at most 5 each), with how many members hold them. */
  urls: { url: string; phrases: number }[];
  domains: { domain: string; phrases: number }[];
}

export interface ClusterResult {
  clusters: Cluster[];
  /** Phrases that join no group, by volume. */
  unclustered: ClusterMember[];
}

/** A phrase after duplicates merged: its counted URL keys (stop-listed and home pages dropped as asked). */
interface Node {
  phrase: string;
  volume: number | null;
  urls: string[];
  domains: string[];
}

const DOMINANT = 5;

/**
 * Groups phrases by the URLs their result pages share (the Topvisor / Rush Analytics way):
 * - URLs compared normalised (url-key.ts); the pair counts come from an inverted index URL → phrases, so the work
 *   is Σ (phrases per URL)², not n², and only pairs at the threshold are kept (qualifyingNeighbours);
 * - `soft`: the highest-volume phrase not yet grouped is a marker; every ungrouped phrase sharing ≥ threshold
 *   URLs with it joins it (a star); `moderate`: the connected groups of the graph of pairs sharing ≥ threshold;
 *   `hard`: greedy by volume, a phrase joins a group only when it shares ≥ threshold with every member;
 * - a phrase that joins nothing is unclustered. Volume order breaks ties by input order, so the result is
 *   deterministic. Repeated phrases (as the service compares phrases) count once, with their largest volume.
 */
export function clusterPhrases(inputs: readonly ClusterInput[], options: ClusterOptions): ClusterResult {
  const nodes = mergeDuplicates(inputs, options);
  const n = nodes.length;
  const t = options.threshold;
  const order = nodes.map((_, i) => i).sort((a, b) => (nodes[b]!.volume ?? 0) - (nodes[a]!.volume ?? 0) || a - b);
  const neighbours = qualifyingNeighbours(nodes, t, order);
  // Any pair's count, from the two pages (at most 30 URLs each): needed only for members and group checks.
  const pages = nodes.map((node) => new Set(node.urls));
  const shared = (a: number, b: number) => {
    if (a === b) return pages[a]!.size;
    let count = 0;
    for (const url of nodes[a]!.urls) if (pages[b]!.has(url)) count++;
    return count;
  };

  let groups: number[][];
  if (options.mode === 'moderate') groups = connectedGroups(n, neighbours, order);
  else {
    const assigned = new Uint8Array(n);
    groups = [];
    for (const seed of order) {
      if (assigned[seed]) continue;
      const group = [seed];
      for (const j of neighbours[seed]!) {
        if (assigned[j]) continue;
        if (options.mode === 'hard' && !group.every((g) => g === seed || shared(g, j) >= t)) continue;
        group.push(j);
      }
      if (group.length < 2) continue;
      for (const g of group) assigned[g] = 1;
      groups.push(group);
    }
  }

  const grouped = new Uint8Array(n);
  const ids = new Set<string>();
  const clusters = groups.map((group) => {
    for (const g of group) grouped[g] = 1;
    return clusterOf(group, nodes, shared, ids);
  });
  const unclustered = order.filter((i) => !grouped[i]).map((i) => ({ phrase: nodes[i]!.phrase, volume: nodes[i]!.volume, shared: 0 }));
  return { clusters, unclustered };
}

function mergeDuplicates(inputs: readonly ClusterInput[], options: ClusterOptions): Node[] {
  const stop = new Set((options.stopDomains ?? []).map((d) => d.trim().toLowerCase().replace(/^www\./, '')).filter(Boolean));
  const byPhrase = new Map<string, Node>();
  const nodes: Node[] = [];
  for (const input of inputs) {
    const canonical = canonicalPhrase(input.phrase);
    const seen = byPhrase.get(canonical);
    if (seen) {
      if (input.volume !== null && (seen.volume === null || input.volume > seen.volume)) seen.volume = input.volume;
      continue;
    }
    const urls: string[] = [];
    const domains: string[] = [];
    for (const url of input.urls) {
      const key = urlKey(url);
      if (!key || (options.excludeHomePages && key.home) || domainListed(key.domain, stop) || urls.includes(key.key)) continue;
      urls.push(key.key);
      domains.push(key.domain);
    }
    const node = { phrase: input.phrase.trim(), volume: input.volume, urls, domains };
    byPhrase.set(canonical, node);
    nodes.push(node);
  }
  return nodes;
}

/**
 * Each phrase's partners sharing ≥ t URLs, in volume order, from the inverted index URL → phrases: phrase i counts
 * its partners after it through the lists of its URLs (Σ over URLs of (phrases per URL)² / 2 steps in all) in one
 * reused array, and keeps only the qualifying ones. Memory is the index plus the qualifying pairs, never every pair.
 */
function qualifyingNeighbours(nodes: readonly Node[], t: number, order: readonly number[]): number[][] {
  const n = nodes.length;
  const byUrl = new Map<string, number[]>();
  // Where phrase i stands in each of its URLs' lists: its partners after it follow there.
  const positions = nodes.map((node, i) =>
    node.urls.map((url) => {
      const list = byUrl.get(url);
      if (list) return list.push(i) - 1;
      byUrl.set(url, [i]);
      return 0;
    }),
  );
  const lists: number[][] = Array.from({ length: n }, () => []);
  const counts = new Int32Array(n);
  const touched: number[] = [];
  for (let i = 0; i < n; i++) {
    const urls = nodes[i]!.urls;
    for (let k = 0; k < urls.length; k++) {
      const list = byUrl.get(urls[k]!)!;
      for (let x = positions[i]![k]! + 1; x < list.length; x++) {
        const j = list[x]!;
        if (counts[j] === 0) touched.push(j);
        counts[j]!++;
      }
    }
    for (const j of touched) {
      if (counts[j]! >= t) {
        lists[i]!.push(j);
        lists[j]!.push(i);
      }
      counts[j] = 0;
    }
    touched.length = 0;
  }
  const rank = new Int32Array(n);
  order.forEach((node, r) => (rank[node] = r));
  for (const list of lists) list.sort((x, y) => rank[x]! - rank[y]!);
  return lists;
}

/** The connected groups (two or more phrases) of the qualifying pairs, each in volume order. */
function connectedGroups(n: number, neighbours: readonly (readonly number[])[], order: readonly number[]): number[][] {
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  neighbours.forEach((list, a) => {
    for (const b of list) {
      const ra = root(a);
      const rb = root(b);
      if (ra !== rb) parent[ra] = rb;
    }
  });
  const byRoot = new Map<number, number[]>();
  for (const i of order) {
    const r = root(i);
    const group = byRoot.get(r);
    if (group) group.push(i);
    else byRoot.set(r, [i]);
  }
  return [...byRoot.values()].filter((group) => group.length > 1);
}

function clusterOf(group: readonly number[], nodes: readonly Node[], shared: (a: number, b: number) => number, ids: Set<string>): Cluster {
  const marker = group[0]!;
  const members = group.map((i) => ({ phrase: nodes[i]!.phrase, volume: nodes[i]!.volume, shared: shared(marker, i) }));
  const volume = group.reduce((sum, i) => sum + (nodes[i]!.volume ?? 0), 0);
  return {
    id: uniqueId(nodes[marker]!.phrase, ids),
    marker: nodes[marker]!.phrase,
    members,
    volume,
    urls: dominant(group.map((i) => nodes[i]!.urls)).map(([url, phrases]) => ({ url, phrases })),
    domains: dominant(group.map((i) => [...new Set(nodes[i]!.domains)])).map(([domain, phrases]) => ({ domain, phrases })),
  };
}

/** The values most lists hold (each list counted once per value), most first, then by first appearance. */
function dominant(lists: readonly (readonly string[])[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const list of lists) for (const value of list) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, DOMINANT);
}

/** `c` + a base-36 hash of the marker's canonical phrase; a second marker with the same hash gets a suffix. */
function uniqueId(marker: string, ids: Set<string>): string {
  const base = `c${fnv1a(canonicalPhrase(marker)).toString(36)}`;
  let id = base;
  for (let k = 2; ids.has(id); k++) id = `${base}-${k}`;
  ids.add(id);
  return id;
}

/** 32-bit FNV-1a over UTF-16 code units: a short, stable id, not a secret. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
