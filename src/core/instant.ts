const ZONE = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/**
 * Milliseconds since the epoch of an ISO 8601 date-time; one without a zone designator is UTC
 * (never the machine's TZ), as the API's XML writes its times. Undefined when it is not one.
 */
export function parseIsoAsUtc(text: string): number | undefined {
  const ms = Date.parse(ZONE.test(text) || /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : `${text}Z`);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * A point in time from the command line: Unix seconds (`1767225600`) or ISO 8601 with a date
 * (`2026-01-01T12:00:00Z`; without a zone it is UTC). Returns ms since the epoch, or undefined
 * when the text is neither.
 */
export function parseInstant(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) {
    const ms = Number(trimmed) * 1000;
    return Number.isSafeInteger(ms) && Math.abs(ms) <= 8.64e15 ? ms : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed)) return undefined;
  return parseIsoAsUtc(trimmed);
}
