/**
 * Region types for the catalog. The source derived its types from tree position and name patterns; these rules
 * restate the service's definitions (decisions.md) so that a misclassified row is corrected by rule, never by
 * hand: `country`; `district` = a Russian federal district; `region` = a province, republic, krai, autonomous
 * okrug/oblast, or a city merged with its oblast ("Москва и область"); `city`; `other` = continents, groups and
 * municipal units (districts of an oblast, urban okrugs, city districts).
 */
import type { RegionType } from '../src/domain/types.js';

/** One row of the source after parsing (type already lower-cased). */
export interface SourceRegion {
  id: number;
  parentId: number | null;
  name: string;
  type: RegionType;
  countryCode: string | null;
}

const RUSSIA_ID = 225;

/** Yandex's names of Russia's eight federal districts. */
const FEDERAL_DISTRICTS = new Set([
  'Центр', 'Северо-Запад', 'Юг', 'Поволжье', 'Урал', 'Сибирь', 'Дальний Восток', 'Северный Кавказ',
]);

/** A first-level subdivision of a country, by its name. */
const SUBJECT = /( область| край|^Республика | Республика| автономный округ| автономная область|^Провинция )/u;

/** A municipal unit below the first level, by its name. */
const MUNICIPAL = /( район$|^Район | городской округ|\(городской округ\))/u;

/**
 * The catalog type of a source row, given its parent row (undefined for a root) and the parent's catalog type
 * (already corrected, so a fix propagates down the tree). The first rule that applies wins; when none does,
 * the source's own type stands.
 */
export function classifyRegion(
  region: SourceRegion,
  parent: SourceRegion | undefined,
  parentType: RegionType | undefined,
): RegionType {
  if (region.type === 'country') return 'country';
  // The other roots are continents and groups such as "СНГ (исключая Россию)" (Russia itself is a root country).
  if (!parent) return 'other';
  const underCountryOrDistrict = parentType === 'country' || parentType === 'district';
  if (parent.id === RUSSIA_ID && FEDERAL_DISTRICTS.has(region.name)) return 'district';
  // `district` means a Russian federal district only; anything else the source called so is reclassified.
  if (region.type === 'district') return underCountryOrDistrict ? 'region' : 'other';
  if (underCountryOrDistrict && SUBJECT.test(region.name)) return 'region';
  if (!underCountryOrDistrict && MUNICIPAL.test(region.name)) return 'other';
  return region.type;
}
