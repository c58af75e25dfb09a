/**
 * A point in time from the command line: Unix seconds (`1767225600`) or ISO 8601 with a date
 * (`2026-01-01T12:00:00Z`; without a zone it is taken as UTC so results never depend on the
 * machine's TZ). Returns ms since the epoch, or undefined when the text is neither.
 */
export function parseInstant(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) {
    const ms = Number(trimmed) * 1000;
    return Number.isSafeInteger(ms) && Math.abs(ms) <= 8.64e15 ? ms : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed)) return undefined;
  const hasZone = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(trimmed);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  const ms = Date.parse(hasZone || dateOnly ? trimmed : `${trimmed}Z`);
  return Number.isFinite(ms) ? ms : undefined;
}
