import { LANG_CODES, canonicalLang } from '../core/lang.js';
import { keysOf } from '../core/keys-of.js';
import {
  PRESSURE_UNITS,
  TEMP_UNITS,
  UNITS,
  WIND_UNITS,
  isUnits,
  unitNamed,
  type PressureUnit,
  type TempUnit,
  type Units,
  type WindUnit,
} from '../core/units.js';
import { parseCoordinate } from '../core/coordinates.js';
import { formatDuration, parseDuration } from '../core/duration.js';
import { isPlaceName } from './places.js';
import { ICON_SETS, isIconSet, type IconSet } from '../core/bar-kinds.js';

/**
 * The settings a user can store with `weather config set`: one table that drives validation of
 * `config set`, validation of the file when it is read, `config list`, the defaults the top-level
 * command falls back to, help, completions and the README.
 */
export type Checked<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

export interface Setting<T> {
  readonly description: string;
  /** Allowed values, when the set is closed (for messages and completions). */
  readonly choices?: readonly string[];
  /** The value used when nothing sets one; absent when there is none. */
  readonly default?: T;
  /** Environment variable that overrides the stored value (a flag overrides both). */
  readonly env?: string;
  readonly secret?: boolean;
  /** The value to store for `text`, or why it is not acceptable. */
  readonly check: (text: string) => Checked<T>;
}

/** The type of each setting's stored value. */
export interface SettingTypes {
  readonly appid: string;
  readonly units: Units;
  readonly temp_unit: TempUnit;
  readonly wind_unit: WindUnit;
  readonly pressure_unit: PressureUnit;
  readonly lang: string;
  /** "lat,lon", normalised, or the name of a saved place (places.ts). */
  readonly location: string;
  readonly base_url: string;
  readonly timeout: number;
  /** A duration as `parseDuration` reads it, normalised: `10m`. */
  readonly cache: string;
  readonly stale_ok: string;
  readonly icons: IconSet;
}

export type SettingKey = keyof SettingTypes;

export type StoredSettings = { readonly [K in SettingKey]?: SettingTypes[K] };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const no = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

export const MAX_TIMEOUT_SECONDS = 300;
const LIVE_BASE_URL = 'https://api.openweathermap.org/data/2.5';

/** A unit of `units`, in any case, stored as the table writes it. */
function checkUnit<T extends string>(units: readonly T[]): (text: string) => Checked<T> {
  return (text) => {
    const found = unitNamed(units, text);
    return found === undefined ? no(`allowed: ${units.join(', ')}`) : ok(found);
  };
}

export function checkTimeout(text: string): Checked<number> {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > MAX_TIMEOUT_SECONDS) {
    return no(`allowed: a number of seconds greater than 0 and at most ${MAX_TIMEOUT_SECONDS}`);
  }
  return ok(value);
}

export const DURATION_RULE =
  'allowed: a whole number and a unit, e.g. 90s, 10m, 1h, 2d, at most a year';

export function checkDuration(text: string): Checked<string> {
  const seconds = parseDuration(text);
  return seconds === undefined ? no(DURATION_RULE) : ok(formatDuration(seconds));
}

export function checkBaseUrl(text: string): Checked<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return no(`allowed: an http:// or https:// URL, e.g. ${LIVE_BASE_URL}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return no(`allowed: an http:// or https:// URL, e.g. ${LIVE_BASE_URL}`);
  }
  if (url.search !== '' || url.hash !== '') return no('allowed: a URL without ?query or #fragment');
  return ok(text.replace(/\/+$/, ''));
}

/** "51.5,-0.1" → [51.5, -0.1] */
export function parseLocation(text: string): readonly [number, number] | undefined {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 2) return undefined;
  const lat = parseCoordinate(parts[0] ?? '', 90);
  const lon = parseCoordinate(parts[1] ?? '', 180);
  return lat === undefined || lon === undefined ? undefined : [lat, lon];
}

export const SETTINGS: { readonly [K in SettingKey]: Setting<SettingTypes[K]> } = {
  appid: {
    description: 'API key sent as appid (overridden by --appid and WEATHER_APPID)',
    env: 'WEATHER_APPID',
    secret: true,
    check: (text) =>
      /^[\x21-\x7e]+$/.test(text)
        ? ok(text)
        : no('allowed: a non-empty key of printable characters'),
  },
  units: {
    description: 'unit system',
    choices: UNITS,
    default: 'metric',
    check: (text) => (isUnits(text) ? ok(text) : no(`allowed: ${UNITS.join(', ')}`)),
  },
  temp_unit: {
    description:
      'temperatures shown in K, C or F whatever the units asked of the API (overridden by --temp-unit; unset: as the units give them)',
    choices: TEMP_UNITS,
    check: checkUnit(TEMP_UNITS),
  },
  wind_unit: {
    description:
      'wind speeds shown in m/s, km/h, mph, kn or bft (Beaufort) whatever the units asked of the API (overridden by --wind-unit; unset: as the units give them)',
    choices: WIND_UNITS,
    check: checkUnit(WIND_UNITS),
  },
  pressure_unit: {
    description: 'pressure shown in hPa or inHg (overridden by --pressure-unit)',
    choices: PRESSURE_UNITS,
    default: 'hPa',
    check: checkUnit(PRESSURE_UNITS),
  },
  lang: {
    description: 'language of descriptions',
    choices: LANG_CODES,
    default: 'en',
    check: (text) =>
      canonicalLang(text) ? ok(text.toLowerCase()) : no(`allowed: ${LANG_CODES.join(', ')}`),
  },
  location: {
    description: 'default location as "lat,lon", or the name of a saved place',
    check: (text) => {
      const location = parseLocation(text);
      if (location) return ok(location.join(','));
      return isPlaceName(text)
        ? ok(text)
        : no(
            'allowed: "lat,lon" with lat from -90 to 90 and lon from -180 to 180, e.g. 51.5,-0.1, or the name of a saved place',
          );
    },
  },
  base_url: {
    description: 'API base URL (overridden by --base-url and WEATHER_BASE_URL)',
    default: LIVE_BASE_URL,
    env: 'WEATHER_BASE_URL',
    check: checkBaseUrl,
  },
  timeout: {
    description: 'seconds to wait for the API, retries included',
    default: 10,
    check: checkTimeout,
  },
  cache: {
    description:
      'reuse a live response younger than this, e.g. 10m (overridden by --cache; 0s: no cache)',
    check: checkDuration,
  },
  stale_ok: {
    description:
      'when a call fails, print the last good response younger than this, e.g. 1h (overridden by --stale-ok)',
    check: checkDuration,
  },
  icons: {
    description:
      'icons of the status-bar outputs (overridden by --icons; unset: emoji on a UTF-8 locale, else ascii)',
    choices: ICON_SETS,
    check: (text) => (isIconSet(text) ? ok(text) : no(`allowed: ${ICON_SETS.join(', ')}`)),
  },
};

export const SETTING_KEYS: readonly SettingKey[] = keysOf(SETTINGS);

export function isSettingKey(text: string): text is SettingKey {
  return Object.hasOwn(SETTINGS, text);
}

/** How a setting's default is shown to people, if it has one. */
export function defaultText(key: SettingKey): string | undefined {
  const value = SETTINGS[key].default;
  return value === undefined ? undefined : String(value);
}

/** The value to store for `key`, or why `text` is not acceptable. */
export function checkSetting<K extends SettingKey>(key: K, text: string): Checked<SettingTypes[K]> {
  return SETTINGS[key].check(text);
}

/** The built-in default of a setting that has one. */
export function settingDefault<
  K extends 'units' | 'lang' | 'base_url' | 'timeout' | 'pressure_unit',
>(key: K): SettingTypes[K] {
  const value = SETTINGS[key].default;
  if (value === undefined) throw new Error(`setting ${key} has no default`);
  return value;
}
