/**
 * Durations as people write them on a command line or in config: a whole number and a unit,
 * `90s`, `10m`, `1h`, `2d`. Returns seconds, or undefined when the text is not one.
 */
const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** The longest duration accepted anywhere: a year, far beyond any sensible cache or window. */
export const MAX_DURATION_SECONDS = 366 * 86_400;

export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,9})([smhd])$/.exec(text.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * (UNIT_SECONDS[match[2] ?? ''] ?? NaN);
  return Number.isFinite(seconds) && seconds <= MAX_DURATION_SECONDS ? seconds : undefined;
}

/** The shortest way to write `seconds` in the same notation: 600 → `10m`, 90 → `90s`. */
export function formatDuration(seconds: number): string {
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (seconds >= size && seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}
