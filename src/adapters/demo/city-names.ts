import { between, SALT } from './hash.js';
import { CITY_ALIASES, CITY_NAMES } from './vocabulary.js';
import { keysOf } from './word-forms.js';

/**
 * A phrase that names a city ("велосипед спб", "пицца в казани") is asked mostly in that city: its regional
 * profile is the core's, with a part `weight` (45–70 % per core and city) moved into the city (spread inside
 * it as the core spreads there). The rest stays with the core's profile: people elsewhere ask for that city
 * too (travel, delivery, a move). So the city is the phrase's largest city and region, and the capitals'
 * usual shares of Russia (region-masses.ts) hold only for phrases that name no city.
 *
 * The weight stays below what keeps the subset rule in the city itself: a city's name narrows a query to
 * CITY_KEEN × the city's share (vocabulary.ts), so even concentrated there the phrase counts less in the city
 * than the phrase without the name.
 */

export interface CityFocus {
  /** The source's region id of the city. */
  region: number;
  /** Part of the phrase's demand moved into the city (0–1). */
  weight: number;
}

const FOCUS_WEIGHT = [0.45, 0.7] as const;

/** Every name by its keys (forms merged: "москве", "казани"), biggest city first, then the other names. */
const NAMES: readonly (readonly [keys: readonly string[], region: number])[] = [
  ...CITY_NAMES.map(([name, region]) => [keysOf(name.split(' ')), region] as const),
  ...CITY_ALIASES.map(([name, region]) => [keysOf(name.split(' ')), region] as const),
];

/** The region id of the city a broad set (keys) names, the biggest one if it names several; undefined if none. */
export function cityNamed(set: readonly string[]): number | undefined {
  return NAMES.find(([keys]) => keys.every((k) => set.includes(k)))?.[1];
}

/** The focus of a core with `seed` in the city a broad set names (undefined when it names none). */
export function cityFocus(set: readonly string[], seed: number): CityFocus | undefined {
  const region = cityNamed(set);
  return region === undefined ? undefined : { region, weight: between(FOCUS_WEIGHT[0], FOCUS_WEIGHT[1], seed, SALT.cityFocus, region) };
}
