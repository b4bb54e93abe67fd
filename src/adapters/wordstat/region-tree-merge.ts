import type { Region, RegionCatalog } from '../../domain/regions/catalog.js';
import type { RegionType, SourceRegionNode } from '../../domain/types.js';

const MAX_DEPTH = 32;

/**
 * The type of a region only the source's tree knows (the tree carries no type). Derived only where the name
 * or the parent says so unambiguously in Russian administrative terms; anything else is 'other':
 * - "… федеральный округ" → district;
 * - область / край / республика / автономный округ → region (a federal subject);
 * - a child of a federal district → region (districts contain only federal subjects);
 * - a child of a region whose name is not an area (район, округ, …) → city (the tree lists towns there).
 */
export function deriveRegionType(label: string, parent: Region | undefined): RegionType {
  const name = label.toLowerCase();
  if (name.includes('федеральный округ')) return 'district';
  if (/(^|\s)(область|край|республика|автономный округ|автономная область)(\s|$)/.test(name)) return 'region';
  if (parent?.type === 'district') return 'region';
  if (parent?.type === 'region' && !/(район|округ|область|поселение)/.test(name)) return 'city';
  return 'other';
}

/**
 * Merges the source's region tree into the shipped catalog, returning the regions for a new catalog.
 * Shipped regions keep their English names, types, parents and country codes (curated data); they take the
 * tree's Russian label as their name. Regions only the tree knows get `name` = label, `nameEn` = nameEn(label),
 * a derived type, the tree's parent, and the country code of their nearest ancestor. Shipped regions missing
 * from the tree stay: a short answer never shrinks the catalog. Shipped order first, then new ones in tree order.
 */
export function mergeRegionTree(
  shipped: RegionCatalog,
  tree: readonly SourceRegionNode[],
  nameEn: (ru: string) => string,
): Region[] {
  const merged = new Map<number, Region>(shipped.all.map((region) => [region.id, region]));
  const seen = new Set<number>();

  const visit = (node: SourceRegionNode, parent: Region | undefined, depth: number): void => {
    if (depth > MAX_DEPTH || seen.has(node.id)) return;
    seen.add(node.id);
    const label = node.label.trim();
    const known = merged.get(node.id);
    let region: Region;
    if (known) {
      region = label && label !== known.name ? { ...known, name: label } : known;
    } else {
      const name = label || String(node.id);
      region = {
        id: node.id,
        parentId: parent?.id ?? null,
        name,
        nameEn: label ? nameEn(label) : name,
        type: deriveRegionType(label, parent),
        countryCode: parent?.countryCode ?? '',
      };
    }
    merged.set(node.id, region);
    for (const child of node.children) visit(child, region, depth + 1);
  };
  for (const root of tree) visit(root, undefined, 0);
  return [...merged.values()];
}
