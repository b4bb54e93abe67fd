import { sumSelected } from './devices.js';
import type { CoreProfile, PhraseVolume } from './phrase-model.js';
import { countAt, deviceTotals, regionShape, type RegionShape } from './region-model.js';
import type { RegionTree } from './region-tree.js';

/**
 * The one count of the "last 30 days" answers: what top shows for a phrase, as its totalCount or as a row of
 * another phrase's top (results or associations), for a region filter and a device set. Using it for every
 * phrase is what makes top(row).totalCount equal the row's count.
 */
export interface PhraseCounter {
  /** The regional profile of a core (cached). */
  shape(core: CoreProfile): RegionShape;
  /**
   * Count of a phrase over the 30 days ending with `lastDay`, in the given regions (none = everywhere) on
   * the selected devices.
   */
  count(phrase: PhraseVolume, regions: readonly number[], mask: readonly [boolean, boolean, boolean], lastDay: number): number;
}

/** A core's shape is a few arrays of the tree's size (~40 KB); a top touches one per association topic entry. */
const SHAPE_CACHE_LIMIT = 512;

/** Creates the counter over a region tree, with a bounded cache of regional profiles. */
export function createPhraseCounter(tree: RegionTree): PhraseCounter {
  const shapes = new Map<string, RegionShape>();

  const shape = (core: CoreProfile): RegionShape => {
    const hit = shapes.get(core.key);
    if (hit) return hit;
    const made = regionShape(tree, core.seed, core.city);
    if (shapes.size >= SHAPE_CACHE_LIMIT) shapes.delete(shapes.keys().next().value!);
    shapes.set(core.key, made);
    return made;
  };

  return {
    shape,
    count(phrase, regions, mask, lastDay) {
      if (phrase.volume30 === 0) return 0;
      const totals = deviceTotals(phrase, lastDay);
      if (regions.length === 0) return sumSelected(totals, mask);
      const profile = shape(phrase.core);
      let sum = 0;
      for (let d = 0; d < 3; d++) {
        if (!mask[d] || totals[d] === 0) continue;
        for (const id of regions) {
          const i = tree.indexOf.get(id);
          if (i !== undefined) sum += countAt(tree, profile, d, totals[d]!, i);
        }
      }
      return sum;
    },
  };
}
