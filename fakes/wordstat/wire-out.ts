import type {
  DynamicsResult,
  PhraseCount,
  RegionsResult,
  SourceRegionNode,
  TopResult,
} from '../../src/domain/types.js';

/*
 * Domain results → proto3 JSON exactly as the gateway writes it: int64 as strings, zero values and empty lists
 * left out, timestamps as RFC3339, dynamics `share` in percent.
 */

type Json = Record<string, unknown>;

/** Drops the fields protojson omits: 0, '', empty lists, undefined. */
function compact(object: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined || value === 0 || value === '' || value === '0') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

const int64 = (n: number) => String(Math.round(n));

const phraseInfo = (row: PhraseCount) => compact({ phrase: row.phrase, count: int64(row.count) });

export function topOut(result: TopResult): Json {
  return compact({
    totalCount: int64(result.totalCount),
    results: result.results.map(phraseInfo),
    associations: result.associations.map(phraseInfo),
  });
}

export function dynamicsOut(result: DynamicsResult): Json {
  return compact({
    results: result.points.map((p) =>
      compact({ date: `${p.date}T00:00:00Z`, count: int64(p.count), share: p.share * 100 }),
    ),
  });
}

/** The wire `share` is the phrase's part of all queries in the region; the model has none, so a stand-in. */
export function regionsOut(result: RegionsResult): Json {
  return compact({
    results: result.rows.map((row) =>
      compact({
        region: String(row.regionId),
        count: int64(row.count),
        share: result.total > 0 ? row.count / result.total / 100 : 0,
        affinityIndex: row.affinityIndex,
      }),
    ),
  });
}

function nodeOut(node: SourceRegionNode): Json {
  return compact({ id: String(node.id), label: node.label, children: node.children.map(nodeOut) });
}

export function regionTreeOut(nodes: SourceRegionNode[]): Json {
  return compact({ regions: nodes.map(nodeOut) });
}
