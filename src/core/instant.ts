/** `2026-01-01`, `2026-01-01T12:00`, `2026-01-01T12:00:00.5+01:00`: the ISO 8601 forms accepted. */
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([zZ]|[+-](\d{2}):?(\d{2}))?)?$/;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Days in `month` (1 … 12) of `year` in the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Why an ISO 8601 date-time names no real instant (`February 2026 has 28 days`), or undefined when
 * it does. Date.parse does not say: it rolls 2026-02-30 over into March.
 */
export function isoProblem(text: string): string | undefined {
  const match = ISO.exec(text.trim());
  if (!match) return 'not ISO 8601';
  const [year, month, day, hour, minute, second, , zoneHours, zoneMinutes] = match
    .slice(1)
    // Groups that did not take part are undefined, whatever the array's type says.
    .map((field: string | undefined) => Number(field ?? 0));
  const name = MONTHS[(month ?? 0) - 1];
  if (name === undefined) return `there is no month ${month}`;
  const days = daysInMonth(year ?? 0, month ?? 0);
  if ((day ?? 0) < 1 || (day ?? 0) > days) return `${name} ${year} has ${days} days`;
  if ((hour ?? 0) > 23) return `there is no hour ${hour}`;
  if ((minute ?? 0) > 59) return `there is no minute ${minute}`;
  if ((second ?? 0) > 59) return `there is no second ${second}`;
  if ((zoneHours ?? 0) > 23 || (zoneMinutes ?? 0) > 59) return 'the zone offset is not one';
  return undefined;
}

/**
 * Milliseconds since the epoch of an ISO 8601 date-time; one without a zone designator is UTC
 * (never the machine's TZ), as the API's XML writes its times. Undefined when it is not one, or
 * names no real instant (2026-02-30).
 */
export function parseIsoAsUtc(text: string): number | undefined {
  const trimmed = text.trim();
  const match = ISO.exec(trimmed);
  if (!match || isoProblem(trimmed) !== undefined) return undefined;
  const dateOnly = match[4] === undefined;
  const zoned = match[7] !== undefined;
  const ms = Date.parse(`${trimmed.replace(' ', 'T')}${dateOnly || zoned ? '' : 'Z'}`);
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
  return parseIsoAsUtc(trimmed);
}
