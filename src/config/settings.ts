import { LANG_CODES, canonicalLang } from '../core/lang.js';
import { UNITS, isUnits } from '../core/units.js';
import { parseCoordinate } from '../core/coordinates.js';

/**
 * The settings a user can store with `weather config set`: one table that drives validation of
 * `config set`, validation of the file when it is read, `config list`, help and completions.
 * `check` returns the value to store, or a reason the text is not acceptable.
 */
export type SettingValue = string | number;

export interface Setting {
  readonly key: string;
  readonly description: string;
  /** Allowed values, when the set is closed (for messages and completions). */
  readonly choices?: readonly string[];
  /** The default, shown to people. */
  readonly defaultText?: string;
  readonly secret?: boolean;
  readonly check: (
    text: string,
  ) => { ok: true; value: SettingValue } | { ok: false; reason: string };
}

const ok = (value: SettingValue) => ({ ok: true as const, value });
const no = (reason: string) => ({ ok: false as const, reason });

export const DEFAULT_BASE_URL = 'https://api.openweathermap.org/data/2.5';
export const DEFAULT_TIMEOUT_SECONDS = 10;
export const MAX_TIMEOUT_SECONDS = 300;

export function checkTimeout(text: string) {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > MAX_TIMEOUT_SECONDS) {
    return no(`allowed: a number of seconds greater than 0 and at most ${MAX_TIMEOUT_SECONDS}`);
  }
  return ok(value);
}

export function checkBaseUrl(text: string) {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return no('allowed: an http:// or https:// URL, e.g. ' + DEFAULT_BASE_URL);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return no('allowed: an http:// or https:// URL, e.g. ' + DEFAULT_BASE_URL);
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

export const SETTINGS: readonly Setting[] = [
  {
    key: 'appid',
    description: 'API key sent as appid (overridden by --appid and WEATHER_APPID)',
    secret: true,
    check: (text) =>
      /^[\x21-\x7e]+$/.test(text)
        ? ok(text)
        : no('allowed: a non-empty key of printable characters'),
  },
  {
    key: 'units',
    description: 'unit system',
    choices: UNITS,
    defaultText: 'metric',
    check: (text) => (isUnits(text) ? ok(text) : no(`allowed: ${UNITS.join(', ')}`)),
  },
  {
    key: 'lang',
    description: 'language of descriptions',
    choices: LANG_CODES,
    defaultText: 'en',
    check: (text) =>
      canonicalLang(text) ? ok(text.toLowerCase()) : no(`allowed: ${LANG_CODES.join(', ')}`),
  },
  {
    key: 'location',
    description: 'default location as "lat,lon"',
    check: (text) => {
      const location = parseLocation(text);
      return location
        ? ok(location.join(','))
        : no('allowed: "lat,lon" with lat from -90 to 90 and lon from -180 to 180, e.g. 51.5,-0.1');
    },
  },
  {
    key: 'base_url',
    description: 'API base URL (overridden by --base-url and WEATHER_BASE_URL)',
    defaultText: DEFAULT_BASE_URL,
    check: checkBaseUrl,
  },
  {
    key: 'timeout',
    description: 'seconds to wait for the API, retries included',
    defaultText: String(DEFAULT_TIMEOUT_SECONDS),
    check: checkTimeout,
  },
];

export const SETTING_KEYS: readonly string[] = SETTINGS.map((s) => s.key);

export function findSetting(key: string): Setting | undefined {
  return SETTINGS.find((s) => s.key === key);
}
