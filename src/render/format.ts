import type { ChalkInstance } from 'chalk';
import { compass } from '../core/compass.js';
import { formatOffset, localTime } from '../core/localtime.js';
import { formatAge } from '../core/localtime.js';
import type { DataSource, Decoded, Observation, Precipitation } from '../core/observation.js';
import { SPEED_UNIT, TEMP_SYMBOL, type Units } from '../core/units.js';

/** What every renderer gets besides the observation. Renderers never do I/O. */
export interface RenderContext {
  readonly chalk: ChalkInstance;
  /** stdout is a terminal: friendly extras (borders, relative times) are welcome. */
  readonly tty: boolean;
  readonly columns: number;
  /** ms since the epoch */
  readonly now: number;
}

function trim(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

export function temperature(value: number, units: Units): string {
  return `${value.toFixed(1)} ${TEMP_SYMBOL[units]}`;
}

export function speed(value: number, units: Units): string {
  return `${trim(value, 1)} ${SPEED_UNIT[units]}`;
}

export function visibility(metres: number): string {
  return metres >= 1000 ? `${trim(metres / 1000, 1)} km` : `${Math.round(metres)} m`;
}

/** The temperature in °C, for choosing a colour whatever the unit system. */
export function celsius(value: number, units: Units): number {
  return units === 'standard'
    ? value - 273.15
    : units === 'imperial'
      ? ((value - 32) * 5) / 9
      : value;
}

export function paintTemperature(chalk: ChalkInstance, value: number, units: Units): string {
  const c = celsius(value, units);
  const text = temperature(value, units);
  if (c < 0) return chalk.blueBright(text);
  if (c < 10) return chalk.cyan(text);
  if (c < 20) return chalk.green(text);
  if (c < 30) return chalk.yellow(text);
  return chalk.red(text);
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

/** HH:MM in the location's time, or undefined when the response has no such time. */
export function clock(o: Observation, unixSeconds: number | undefined): string | undefined {
  if (unixSeconds === undefined) return undefined;
  return localTime(unixSeconds, o.timezone ?? 0).time;
}

export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

export function conditions(o: Observation): string {
  return o.weather.map((w) => w.description).join(', ');
}

export function wind(d: Decoded): string {
  const { wind: w } = d.observation;
  const direction =
    w.deg === undefined ? '' : ` from ${compass(w.deg).code} (${Math.round(w.deg)}°)`;
  const gust = w.gust === undefined ? '' : `, gusts ${speed(w.gust, d.units)}`;
  return `${speed(w.speed, d.units)}${direction}${gust}`;
}

function volume(p: Precipitation): string | undefined {
  if (p['1h'] !== undefined) return `${trim(p['1h'], 2)} mm in the last hour`;
  if (p['3h'] !== undefined) return `${trim(p['3h'], 2)} mm in the last 3 hours`;
  return undefined;
}

export function precipitation(o: Observation): { label: string; text: string }[] {
  const rows: { label: string; text: string }[] = [];
  const rain = o.rain && volume(o.rain);
  const snow = o.snow && volume(o.snow);
  if (rain) rows.push({ label: 'Rain', text: rain });
  if (snow) rows.push({ label: 'Snow', text: snow });
  return rows;
}

/** Sunrise and sunset; the API gives 0 for both in polar day and night. */
export function sun(
  o: Observation,
): { sunrise: string; sunset: string; polar?: 'polar day' | 'polar night' } | undefined {
  const { sunrise, sunset } = o.sys;
  if (sunrise === undefined || sunset === undefined) return undefined;
  if (sunrise === 0 && sunset === 0) {
    const polar = o.weather[0]?.icon.endsWith('n') ? 'polar night' : 'polar day';
    return { sunrise: `none (${polar})`, sunset: `none (${polar})`, polar };
  }
  return { sunrise: clock(o, sunrise) ?? '', sunset: clock(o, sunset) ?? '' };
}

export const SIMULATED_NOTE = 'simulated by the embedded model, not a real observation';

/** `{source}`: made up by the model wherever it came from, else how it reached this run. */
export function sourceOf(d: Decoded): DataSource {
  return d.simulated ? 'simulated' : (d.origin?.source ?? 'live');
}

/**
 * A line on where data not fresh from a call came from and how old it is, or undefined for a
 * response just received: `cache, fetched 3m ago`.
 */
export function provenance(d: Decoded, now: number): string | undefined {
  const origin = d.origin;
  if (origin?.source !== 'cache' && origin?.source !== 'stale') return undefined;
  const fetched = `fetched ${formatAge((now - origin.fetchedAt) / 1000)} ago`;
  return origin.source === 'cache'
    ? `cache, ${fetched}`
    : `stale, ${fetched} (the latest call failed)`;
}
