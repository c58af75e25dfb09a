/**
 * Times shown to people are in the location's own time: a UTC instant shifted by the response's
 * `timezone` offset, formatted from the shifted UTC fields so the machine's TZ never leaks in.
 */
function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `+01:00`, `-03:30`, `+00:00` for an offset in seconds. */
export function formatOffset(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(offsetSeconds) / 60);
  return `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

export interface LocalTime {
  readonly date: string; // YYYY-MM-DD
  readonly time: string; // HH:MM
  readonly offset: string; // +HH:MM
}

export function localTime(unixSeconds: number, offsetSeconds: number): LocalTime {
  const shifted = new Date((unixSeconds + offsetSeconds) * 1000);
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
    offset: formatOffset(offsetSeconds),
  };
}

/** ISO 8601 UTC without a zone designator, as the XML representation writes times. */
export function isoUtc(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 19);
}

/** "35s", "4m", "2h 5m", "3d 4h": how long ago something happened. */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 === 0 ? `${h}h` : `${h}h ${m % 60}m`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d}d` : `${d}d ${h % 24}h`;
}
