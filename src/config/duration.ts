const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `90`, `90s`, `15m`, `24h`, `7d`, `500ms` into milliseconds (a bare number is seconds). */
export function parseDurationMs(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = (m[2] ?? 's').toLowerCase();
  return Math.round(Number(m[1]) * UNIT_MS[unit]!);
}
