import type { ChalkInstance } from 'chalk';
import { compass } from '../core/compass.js';
import { formatOffset, localTime } from '../core/localtime.js';
import { formatAge } from '../core/localtime.js';
import type { DataSource, Decoded, Observation, Precipitation } from '../core/observation.js';
import {
  celsiusFrom,
  INHG_PER_HPA,
  METERS_PER_MILE,
  MM_PER_INCH,
  TEMP_UNIT_SYMBOL,
  WIND_UNIT_SYMBOL,
  type PressureUnit,
  type TempUnit,
  type Units,
} from '../core/units.js';
import type { Charset } from './charset.js';
import { say, type LabelKey, type Labels } from './labels.js';
import { polarState } from './polar.js';
import { shownUnits } from './shown.js';

/** What every renderer gets besides the observation. Renderers never do I/O. */
export interface RenderContext {
  readonly chalk: ChalkInstance;
  /** stdout is a terminal: friendly extras (borders, relative times) are welcome. */
  readonly tty: boolean;
  readonly columns: number;
  /** ms since the epoch */
  readonly now: number;
  /** The renderers' own words, in the user's language. */
  readonly labels: Labels;
  /** What the terminal can draw: box drawing and `°`, or ASCII only. */
  readonly charset: Charset;
  readonly pressureUnit: PressureUnit;
}

/** Rounded, without trailing zeros, and never `-0`: a value that rounds to zero has no sign. */
function trim(value: number, digits: number): string {
  const text = String(Number(value.toFixed(digits)));
  return text === '-0' ? '0' : text;
}

/** One decimal, and never `-0.0`. */
function oneDecimal(value: number): string {
  const text = value.toFixed(1);
  return text === '-0.0' ? '0.0' : text;
}

/** A temperature of `d` (converted for people, render/shown.ts): `9.7 °C`. */
export function temperature(value: number, d: Decoded): string {
  return `${oneDecimal(value)} ${TEMP_UNIT_SYMBOL[shownUnits(d).temperature]}`;
}

/** A wind speed of `d`: `4.5 m/s`, `4 Bft`. */
export function speed(value: number, d: Decoded): string {
  return `${trim(value, 1)} ${WIND_UNIT_SYMBOL[shownUnits(d).wind]}`;
}

/** The API gives visibility in metres whatever the units; imperial means miles. */
export function visibility(metres: number, units: Units): string {
  if (units === 'imperial') return `${trim(metres / METERS_PER_MILE, 1)} mi`;
  return metres >= 1000 ? `${trim(metres / 1000, 1)} km` : `${Math.round(metres)} m`;
}

/** The API gives rain and snow in mm whatever the units; imperial means inches. */
function depth(mm: number, units: Units): string {
  return units === 'imperial' ? `${trim(mm / MM_PER_INCH, 2)} in` : `${trim(mm, 2)} mm`;
}

export function pressure(hPa: number, unit: PressureUnit): string {
  return unit === 'inHg' ? `${(hPa * INHG_PER_HPA).toFixed(2)} inHg` : `${hPa} hPa`;
}

/** The colour of a temperature: blue below freezing to red from 30 °C. */
export function temperatureColour(
  chalk: ChalkInstance,
  value: number,
  unit: TempUnit,
): (text: string) => string {
  const c = celsiusFrom(unit, value);
  if (c < 0) return chalk.blueBright;
  if (c < 10) return chalk.cyan;
  if (c < 20) return chalk.green;
  if (c < 30) return chalk.yellow;
  return chalk.red;
}

export function place(o: Observation): string {
  const name = o.name === '' ? `${o.coord.lat}, ${o.coord.lon}` : o.name;
  return o.sys.country ? `${name}, ${o.sys.country}` : name;
}

/** `2026-11-22 14:05 (UTC+01:00)`, in the location's time; plain UTC when the offset is unknown. */
export function observedAt(o: Observation): string {
  const t = localTime(o.dt, o.timezone ?? 0);
  return `${t.date} ${t.time} (UTC${o.timezone === undefined ? '' : formatOffset(o.timezone)})`;
}

/**
 * How long before `now` the observation was made: `5m ago`. Both forms say it on a terminal;
 * on a pipe the text depends on the response alone.
 */
export function age(o: Observation, ctx: RenderContext): string {
  return say(ctx.labels, 'ago', { age: formatAge(ctx.now / 1000 - o.dt) });
}

/** HH:MM in the location's time, or undefined when the response has no such time. */
export function clock(o: Observation, unixSeconds: number | undefined): string | undefined {
  if (unixSeconds === undefined) return undefined;
  return localTime(unixSeconds, o.timezone ?? 0).time;
}

/** A time shown to people: without the response's `timezone` it is UTC, and says so. */
function labelledClock(o: Observation, unixSeconds: number): string {
  const time = localTime(unixSeconds, o.timezone ?? 0).time;
  return o.timezone === undefined ? `${time} UTC` : time;
}

export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

export function conditions(o: Observation): string {
  return o.weather.map((w) => w.description).join(', ');
}

/** `3 m/s from N (349°), gusts 5 m/s`; a calm comes from nowhere. */
export function wind(d: Decoded, ctx: Pick<RenderContext, 'labels'>): string {
  const { wind: w } = d.observation;
  const direction =
    w.deg === undefined || trim(w.speed, 1) === '0'
      ? ''
      : ` ${say(ctx.labels, 'windFrom', { direction: `${compass(w.deg).code} (${Math.round(w.deg)}°)` })}`;
  const gust =
    w.gust === undefined ? '' : `, ${say(ctx.labels, 'gusts', { speed: speed(w.gust, d) })}`;
  return `${speed(w.speed, d)}${direction}${gust}`;
}

function volume(p: Precipitation, units: Units, labels: Labels): string | undefined {
  if (p['1h'] !== undefined) return say(labels, 'lastHour', { amount: depth(p['1h'], units) });
  if (p['3h'] !== undefined) return say(labels, 'last3Hours', { amount: depth(p['3h'], units) });
  return undefined;
}

export function precipitation(
  d: Decoded,
  ctx: RenderContext,
): { key: LabelKey; label: string; text: string }[] {
  const o = d.observation;
  const rows: { key: LabelKey; label: string; text: string }[] = [];
  const rain = o.rain && volume(o.rain, d.units, ctx.labels);
  const snow = o.snow && volume(o.snow, d.units, ctx.labels);
  if (rain) rows.push({ key: 'rain', label: ctx.labels.rain, text: rain });
  if (snow) rows.push({ key: 'snow', label: ctx.labels.snow, text: snow });
  return rows;
}

export type SunTimes =
  | { readonly kind: 'times'; readonly sunrise: string; readonly sunset: string }
  | { readonly kind: 'polar'; readonly why: string }
  | { readonly kind: 'unknown' };

/**
 * Sunrise and sunset. The API gives 0 for both when the sun does not rise or set; whether that is
 * polar day or night follows from the latitude and the date, and anywhere else the times are
 * simply unknown.
 */
export function sun(o: Observation, labels: Labels): SunTimes | undefined {
  const { sunrise, sunset } = o.sys;
  if (sunrise === undefined || sunset === undefined) return undefined;
  if (sunrise === 0 && sunset === 0) {
    const polar = polarState(o.coord.lat, o.dt);
    if (polar === undefined) return { kind: 'unknown' };
    return { kind: 'polar', why: polar === 'day' ? labels.polarDay : labels.polarNight };
  }
  return { kind: 'times', sunrise: labelledClock(o, sunrise), sunset: labelledClock(o, sunset) };
}

/** `{source}`: made up by the model wherever it came from, else how it reached this run. */
export function sourceOf(d: Decoded): DataSource {
  return d.simulated ? 'simulated' : (d.origin?.source ?? 'live');
}

/**
 * A line on where data not fresh from a call came from and how old it is, or undefined for a
 * response just received: `cache, fetched 3m ago`.
 */
export function provenance(
  d: Decoded,
  ctx: Pick<RenderContext, 'labels' | 'now'>,
): string | undefined {
  const origin = d.origin;
  if (origin?.source !== 'cache' && origin?.source !== 'stale') return undefined;
  const fetched = formatAge((ctx.now - origin.fetchedAt) / 1000);
  return say(ctx.labels, origin.source === 'cache' ? 'fromCache' : 'stale', { age: fetched });
}
