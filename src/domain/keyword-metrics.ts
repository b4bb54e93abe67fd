/** Derived keyword figures of the keyword-data family: the CPC estimate and the competition level. */

/** One level of the CPC table: volumes from `minVolume` up (to the next level) get `cpc`. */
export interface CpcLevel {
  minVolume: number;
  cpc: number;
}

/**
 * The CPC table: a coarse estimate of the cost per click, by the keyword's average monthly volume.
 * No bid data is available from the source, so this is a documented rule of thumb, not an auction price:
 * more demand means more advertisers, so the estimate never falls as the volume rises (monotone).
 *
 * | average monthly volume | cpc  |
 * |------------------------|------|
 * | 0                      | 0.00 |
 * | 1 – 99                 | 0.05 |
 * | 100 – 999              | 0.10 |
 * | 1 000 – 9 999          | 0.25 |
 * | 10 000 – 99 999        | 0.50 |
 * | 100 000 – 999 999      | 1.00 |
 * | 1 000 000 and more     | 2.00 |
 *
 * Values are in the operator's currency units, with two decimals.
 */
export const CPC_LEVELS: readonly CpcLevel[] = [
  { minVolume: 0, cpc: 0 },
  { minVolume: 1, cpc: 0.05 },
  { minVolume: 100, cpc: 0.1 },
  { minVolume: 1_000, cpc: 0.25 },
  { minVolume: 10_000, cpc: 0.5 },
  { minVolume: 100_000, cpc: 1 },
  { minVolume: 1_000_000, cpc: 2 },
];

/** The CPC estimate for a volume (≥ 0, two decimals) from CPC_LEVELS; a negative or NaN volume counts as 0. */
export function cpcForVolume(volume: number): number {
  let cpc = 0;
  for (const level of CPC_LEVELS) {
    if (volume >= level.minVolume) cpc = level.cpc;
  }
  return Math.round(cpc * 100) / 100;
}

export const COMPETITION_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type CompetitionLevel = (typeof COMPETITION_LEVELS)[number];

/** decisions.md: LOW below 0.33, MEDIUM below 0.66, HIGH otherwise; null when there is no estimate. */
export function competitionLevel(competition: number | null): CompetitionLevel | null {
  if (competition === null) return null;
  if (competition < 0.33) return 'LOW';
  if (competition < 0.66) return 'MEDIUM';
  return 'HIGH';
}

/**
 * A competition estimate made safe for the response: clamped to [0, 1]; null (no estimate) for null, NaN or
 * infinities, so a faulty estimator can never put a value outside the documented range on the wire.
 */
export function clampCompetition(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Math.min(1, Math.max(0, value));
}
