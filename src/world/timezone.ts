import tzLookup from '@photostructure/tz-lookup';
import { clamp, normalizeLon } from './geo.js';

/** IANA zone of a coordinate; `Etc/GMT±N` over open sea (nautical zones). */
export function zoneAt(lat: number, lon: number): string {
  return tzLookup(clamp(lat, -90, 90), normalizeLon(lon));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

const LONG_OFFSET = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The last offset computed per zone: observations come in 10-minute cycles, so a server asks for
 * the same (zone, instant) over and over, and asking ICU costs several microseconds each time.
 */
const lastOffsets = new Map<string, { readonly at: number; readonly offset: number }>();

/** Offset of `zone` from UTC at `unixSeconds`, in seconds, daylight saving time included. */
export function utcOffsetSeconds(zone: string, unixSeconds: number): number {
  const last = lastOffsets.get(zone);
  if (last?.at === unixSeconds) return last.offset;
  const offset = askIcu(zone, unixSeconds);
  lastOffsets.set(zone, { at: unixSeconds, offset });
  return offset;
}

function askIcu(zone: string, unixSeconds: number): number {
  const parts = formatterFor(zone).formatToParts(new Date(unixSeconds * 1000));
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = LONG_OFFSET.exec(name);
  if (match === null) throw new Error(`unexpected UTC offset "${name}" for ${zone}`);
  const [, sign, hours = '0', minutes = '0', seconds = '0'] = match;
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  return sign === '-' ? -total : total;
}
