import type { Env } from '../core/env.js';
import { parseDuration } from '../core/duration.js';
import { UsageError } from '../core/errors.js';
import { quoted } from '../core/quote.js';
import { API_TEMP_UNIT, API_WIND_UNIT, type Mode } from '../core/units.js';
import type { ShownUnits } from '../core/observation.js';
import { BARS, defaultIcons, isBar, type Bar, type IconSet } from '../core/bar-kinds.js';
import {
  checkBaseUrl,
  parseLocation,
  settingDefault,
  SETTINGS,
  type StoredSettings,
} from '../config/settings.js';
import type { Query } from '../client/query.js';
import { parseTemplate, TemplateError, type Template } from '../render/template.js';
import type { ROOT } from './spec.js';
import type { FlagsOf } from './spec-types.js';

/** The top-level command's flags, as the spec table types them (`now` in ms since the epoch). */
/** The flags a plan reads: how a table or summary draws pressure is the renderer's business. */
export type CurrentFlags = Omit<FlagsOf<typeof ROOT>, 'pressureUnit'>;

export type Source =
  | { readonly kind: 'live'; readonly baseUrl: string }
  | { readonly kind: 'embedded'; readonly now: number | undefined };

export type Printing =
  | { readonly kind: 'raw' | 'table' | 'summary' | 'json' }
  | { readonly kind: 'template'; readonly template: Template }
  | { readonly kind: 'bar'; readonly bar: Bar; readonly icons: IconSet };

/** What runs of live calls remember between them (src/cache/). */
export interface CachePolicy {
  /** A stored response younger than this is used without a request; 0: never. */
  readonly freshSeconds: number;
  /** When a call fails, a stored response younger than this is printed instead; 0: never. */
  readonly staleOkSeconds: number;
  /** Past half of freshSeconds, refresh the stored response in a background process. */
  readonly refreshAhead: boolean;
}

export interface Plan {
  readonly query: Query;
  /** The units temperatures and wind speeds are shown in, converted after decoding. */
  readonly shown: ShownUnits;
  readonly source: Source;
  readonly timeoutMs: number;
  readonly printing: Printing;
  /** Live calls only: the embedded implementation answers at once and needs no cache. */
  readonly cache?: CachePolicy;
  /** One line for stderr before the call, when there is something the user should know. */
  readonly notice?: string;
}

export const NO_KEY_NOTICE =
  'no API key set, so this is simulated data from the embedded model; to use the real service: weather config set appid <key>';

/** A base URL the user gave, which the embedded model (answering without a key) cannot use. */
export function baseUrlIgnoredNotice(given: string): string {
  return `${given} is ignored without an API key: this is simulated data from the embedded model; to call that URL, give a key (--appid, WEATHER_APPID or weather config set appid <key>)`;
}

/** Where the base URL came from, when the user gave one. */
function baseUrlGiven(flags: CurrentFlags, env: Env, stored: StoredSettings): string | undefined {
  if (flags.baseUrl !== undefined) return '--base-url';
  if (fromEnv(env, 'base_url') !== undefined) return SETTINGS.base_url.env;
  return stored.base_url === undefined ? undefined : 'the stored base_url';
}

/** Coordinates found before planning, from a name (`--place`); undefined when none was given. */
export type Located = readonly [number, number] | undefined;

function location(
  flags: CurrentFlags,
  stored: StoredSettings,
  located: Located,
): readonly [number, number] {
  const named = flags.place !== undefined ? '--place' : flags.at !== undefined ? '--at' : undefined;
  if (named !== undefined && (flags.lat !== undefined || flags.lon !== undefined)) {
    throw new UsageError(`${named} and --lat/--lon cannot be combined`);
  }
  if (flags.first && flags.place === undefined) throw new UsageError('--first goes with --place');
  if (located !== undefined) return located;
  if (flags.lat !== undefined && flags.lon !== undefined) return [flags.lat, flags.lon];
  if (flags.lat !== undefined || flags.lon !== undefined) {
    throw new UsageError('--lat and --lon must be given together');
  }
  const configured = stored.location === undefined ? undefined : parseLocation(stored.location);
  if (configured) return configured;
  throw new UsageError(
    '--lat and --lon are required (latitude -90 to 90, longitude -180 to 180)',
    'or store a default: weather config set location 51.5,-0.1',
  );
}

function template(text: string): Template {
  try {
    return parseTemplate(text);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    throw new UsageError(`${error.what} in --format (${error.detail})`);
  }
}

function printing(flags: CurrentFlags, mode: Mode, stdoutIsTTY: boolean, icons: IconSet): Printing {
  if (flags.format !== undefined) {
    if (flags.output !== undefined)
      throw new UsageError('--format and --output cannot be combined');
    if (mode === 'html')
      throw new UsageError('--format needs --mode json or xml; html is printed raw');
    return { kind: 'template', template: template(flags.format) };
  }
  if (mode === 'html') {
    if (flags.output !== undefined && flags.output !== 'raw') {
      throw new UsageError(
        `--mode html is printed raw; --output ${flags.output} needs json or xml`,
      );
    }
    return { kind: 'raw' };
  }
  const output = flags.output ?? (stdoutIsTTY ? 'table' : 'raw');
  if (isBar(output)) return { kind: 'bar', bar: output, icons };
  if (flags.icons !== undefined) {
    throw new UsageError(`--icons goes with a status-bar output (-o ${BARS.join('|')})`);
  }
  return { kind: output };
}

/** A setting's environment variable, if it names one and is set (an empty value is unset). */
function fromEnv(env: Env, key: 'appid' | 'base_url'): string | undefined {
  const name = SETTINGS[key].env;
  return (name === undefined ? undefined : env[name]) || undefined;
}

function baseUrl(flags: CurrentFlags, env: Env, stored: StoredSettings): string {
  if (flags.baseUrl !== undefined) return flags.baseUrl;
  const text = fromEnv(env, 'base_url');
  if (text !== undefined) {
    const checked = checkBaseUrl(text);
    if (!checked.ok)
      throw new UsageError(
        `${SETTINGS.base_url.env} ${quoted(text)} is not valid (${checked.reason})`,
      );
    return checked.value;
  }
  return stored.base_url ?? settingDefault('base_url');
}

function seconds(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseDuration(text);
}

function cachePolicy(flags: CurrentFlags, stored: StoredSettings): CachePolicy {
  const freshSeconds = flags.cache ?? seconds(stored.cache) ?? 0;
  if (flags.refreshAhead && freshSeconds === 0) {
    throw new UsageError('--refresh-ahead needs --cache, e.g. --cache 10m --refresh-ahead');
  }
  return {
    freshSeconds,
    staleOkSeconds: flags.staleOk ?? seconds(stored.stale_ok) ?? 0,
    refreshAhead: flags.refreshAhead === true,
  };
}

/**
 * Everything the top-level command will do, decided before any request: flags beat environment,
 * environment beats the config file, and the config file beats built-in defaults. Pure, so every
 * combination is a one-line test.
 */
export function planCurrent(
  flags: CurrentFlags,
  env: Env,
  stored: StoredSettings,
  stdoutIsTTY: boolean,
  located?: Located,
): Plan {
  const [lat, lon] = location(flags, stored, located);
  const units = flags.units ?? stored.units ?? settingDefault('units');
  const lang = flags.lang ?? stored.lang ?? settingDefault('lang');
  const { mode } = flags;
  const icons = flags.icons ?? stored.icons ?? defaultIcons(env);
  const shown = printing(flags, mode, stdoutIsTTY, icons);
  const appid = flags.appid ?? fromEnv(env, 'appid') ?? stored.appid;
  const timeoutSeconds = flags.timeout ?? stored.timeout ?? settingDefault('timeout');
  const query = { lat, lon, units, lang, mode };
  const unitsShown = {
    temperature: flags.tempUnit ?? stored.temp_unit ?? API_TEMP_UNIT[units],
    wind: flags.windUnit ?? stored.wind_unit ?? API_WIND_UNIT[units],
  };
  const url = baseUrl(flags, env, stored);
  const cache = cachePolicy(flags, stored);
  if (flags.offline || appid === undefined) {
    const given = baseUrlGiven(flags, env, stored);
    const notice = given === undefined ? NO_KEY_NOTICE : baseUrlIgnoredNotice(given);
    return {
      query,
      shown: unitsShown,
      source: { kind: 'embedded', now: flags.now },
      timeoutMs: timeoutSeconds * 1000,
      printing: shown,
      ...(flags.offline ? {} : { notice }),
    };
  }
  if (flags.now !== undefined) {
    throw new UsageError('--now sets the clock of the embedded implementation; add --offline');
  }
  return {
    query: { ...query, appid },
    shown: unitsShown,
    source: { kind: 'live', baseUrl: url },
    timeoutMs: timeoutSeconds * 1000,
    printing: shown,
    cache,
  };
}
