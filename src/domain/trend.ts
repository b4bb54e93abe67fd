/** The spec's trend of a series: compares the first and the last period. */
export function computeTrend(counts: readonly number[]): string {
  if (counts.length === 0) return 'stable';
  const first = counts[0]!;
  const last = counts[counts.length - 1]!;
  if (first === 0) return last > 0 ? 'up (new)' : 'stable';
  const changePercent = ((last - first) / first) * 100;
  if (Math.abs(changePercent) <= 1) return 'stable';
  const n = Math.round(Math.abs(changePercent));
  return changePercent > 0 ? `up ${n}%` : `down ${n}%`;
}
