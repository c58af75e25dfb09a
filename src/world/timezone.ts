import tzLookup from '@photostructure/tz-lookup';
import { clamp, normalizeLon } from './geo.js';
import { SEA_LAND_SHARE, SEA_NAME_RADIUS_KM, type PlaceMatch } from './places.js';
import type { ZonesFile } from './zones-layout.js';

/**
 * How far a place's own zone (GeoNames') holds: the town, its surroundings and its coastal waters,
 * as far as it names a point at sea, so that a sea point named after a town keeps the town's clock.
 * The zone polygons behind tz-lookup are too coarse for borders and small islands (Pago Pago in
 * Samoa's zone, Tornio in Sweden's); a listed place is exact at its own point.
 */
export const PLACE_ZONE_RADIUS_KM = SEA_NAME_RADIUS_KM;

const NAUTICAL_ZONES = Array.from({ length: 25 }, (_, i) => {
  const hours = i - 12;
  // The Etc zones' sign is POSIX's: Etc/GMT+9 is nine hours behind UTC.
  return hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours < 0 ? '+' : '-'}${Math.abs(hours)}`;
});

/** The nautical zone of a longitude at open sea: whole hours, 15° wide, centred on 0°. */
export function nauticalZone(lon: number): string {
  return NAUTICAL_ZONES[Math.round(normalizeLon(lon) / 15) + 12] ?? 'Etc/GMT';
}

/**
 * IANA zone of a coordinate: the zone of the place `near` it when that is within
 * PLACE_ZONE_RADIUS_KM, else the zone polygons' on land and coastal waters (land share at least
 * SEA_LAND_SHARE), else the nautical zone.
 */
export function zoneAt(
  lat: number,
  lon: number,
  near: Pick<PlaceMatch, 'zone' | 'distanceKm'>,
  landShare: number,
): string {
  if (near.zone !== '' && near.distanceKm <= PLACE_ZONE_RADIUS_KM) return near.zone;
  if (landShare >= SEA_LAND_SHARE) return tzLookup(clamp(lat, -90, 90), normalizeLon(lon));
  return nauticalZone(lon);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Forgets the ICU formatters made so far (a startup snapshot cannot hold them). */
export function forgetFormatters(): void {
  formatters.clear();
}

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The end of `1/31/2026, GMT+05:45`: format() is several times cheaper than formatToParts(). */
const LONG_OFFSET = /GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Offset of `zone` from UTC at `unixSeconds` as ICU tells it, in seconds. */
export function icuUtcOffsetSeconds(zone: string, unixSeconds: number): number {
  const text = formatterFor(zone).format(new Date(unixSeconds * 1000));
  const match = LONG_OFFSET.exec(text);
  if (match === null) throw new Error(`unexpected UTC offset "${text}" for ${zone}`);
  const [, sign, hours = '0', minutes = '0', seconds = '0'] = match;
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  return sign === '-' ? -total : total;
}

/**
 * The last offset computed per zone: observations come in 10-minute cycles, so a server asks for
 * the same (zone, instant) over and over, and asking ICU costs several microseconds each time.
 */
const lastOffsets = new Map<string, { readonly at: number; readonly offset: number }>();

/** Offset of `zone` from UTC at `unixSeconds`, in seconds, daylight saving time included. */
export function utcOffsetSeconds(zone: string, unixSeconds: number): number {
  const last = lastOffsets.get(zone);
  if (last?.at === unixSeconds) return last.offset;
  const offset = icuUtcOffsetSeconds(zone, unixSeconds);
  lastOffsets.set(zone, { at: unixSeconds, offset });
  return offset;
}

export type UtcOffsets = typeof utcOffsetSeconds;

/**
 * utcOffsetSeconds answered from the zones table (data/zones.bin) where it holds the zone and the
 * instant, so a query needs no ICU; from ICU elsewhere, and everywhere when the table came from
 * another tzdata version than this node's (its answers would differ from ICU's where the two
 * versions do).
 */
export function tabledUtcOffsets(table: ZonesFile | undefined): UtcOffsets {
  if (table === undefined || table.tzVersion !== process.versions.tz) return utcOffsetSeconds;
  return (zone, unixSeconds) =>
    table.offsetAt(zone, unixSeconds) ?? utcOffsetSeconds(zone, unixSeconds);
}
