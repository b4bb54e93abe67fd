// Small formatting pieces for the tools' text summaries: the agent reads these lines, the JSON is beside them.

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 120000 → "120,000". */
export const formatCount = (value: number): string => integer.format(value);

/** 0.2143 → "21.4%". */
export const formatShare = (value: number): string => `${(value * 100).toFixed(1)}%`;

/** Numbered lines, at most `max`, with "… and N more" when cut. */
export function numberedLines<T>(rows: readonly T[], line: (row: T) => string, max = 10): string[] {
  const lines = rows.slice(0, max).map((row, i) => `${i + 1}. ${line(row)}`);
  if (rows.length > max) lines.push(`… and ${rows.length - max} more (see the structured result)`);
  return lines;
}

/** "showing 50 of 743" when a cap cut the rows, else "743". */
export const shownOf = (shown: number, total: number): string => (shown < total ? `showing ${shown} of ${total}` : `${total}`);
