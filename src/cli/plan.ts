import { UsageError } from '../core/errors.js';
import type { Mode, Units } from '../core/units.js';
import type { Env } from '../config/paths.js';
import {
  checkBaseUrl,
  DEFAULT_BASE_URL,
  DEFAULT_TIMEOUT_SECONDS,
  parseLocation,
} from '../config/settings.js';
import type { StoredSettings } from '../config/store.js';
import type { Query } from '../client/query.js';
import { parseTemplate, type Template } from '../render/template.js';
import type { OutputKind } from './spec.js';

/** The top-level command's options after commander and the parsers in parsers.ts. */
export interface CurrentFlags {
  readonly lat?: number;
  readonly lon?: number;
  readonly units?: Units;
  readonly lang?: string;
  readonly mode?: Mode;
  readonly output?: OutputKind;
  readonly format?: string;
  readonly appid?: string;
  readonly baseUrl?: string;
  readonly timeout?: number;
  readonly offline?: boolean;
  /** ms since the epoch */
  readonly now?: number;
}

export type Source =
  | { readonly kind: 'live'; readonly baseUrl: string }
  | { readonly kind: 'embedded'; readonly now: number | undefined };

export type Printing =
  | { readonly kind: 'raw' | 'table' | 'summary' }
  | { readonly kind: 'template'; readonly template: Template };

export interface Plan {
  readonly query: Query;
  readonly source: Source;
  readonly timeoutMs: number;
  readonly printing: Printing;
  /** One line for stderr before the call, when there is something the user should know. */
  readonly notice?: string;
}

export const NO_KEY_NOTICE =
  'no API key set, so this is simulated data from the embedded model; to use the real service: weather config set appid <key>';

function location(flags: CurrentFlags, stored: StoredSettings): readonly [number, number] {
  if (flags.lat !== undefined && flags.lon !== undefined) return [flags.lat, flags.lon];
  if (flags.lat !== undefined || flags.lon !== undefined) {
    throw new UsageError('--lat and --lon must be given together');
  }
  const configured =
    typeof stored.location === 'string' ? parseLocation(stored.location) : undefined;
  if (configured) return configured;
  throw new UsageError(
    '--lat and --lon are required (latitude -90 to 90, longitude -180 to 180)',
    'or store a default: weather config set location 51.5,-0.1',
  );
}

function printing(flags: CurrentFlags, mode: Mode, stdoutIsTTY: boolean): Printing {
  if (flags.format !== undefined) {
    if (flags.output !== undefined)
      throw new UsageError('--format and --output cannot be combined');
    if (mode === 'html')
      throw new UsageError('--format needs --mode json or xml; html is printed raw');
    return { kind: 'template', template: parseTemplate(flags.format) };
  }
  if (mode === 'html') {
    if (flags.output !== undefined && flags.output !== 'raw') {
      throw new UsageError(
        `--mode html is printed raw; --output ${flags.output} needs json or xml`,
      );
    }
    return { kind: 'raw' };
  }
  return { kind: flags.output ?? (stdoutIsTTY ? 'table' : 'raw') };
}

function baseUrl(flags: CurrentFlags, env: Env, stored: StoredSettings): string {
  if (flags.baseUrl !== undefined) return flags.baseUrl;
  const fromEnv = env.WEATHER_BASE_URL;
  if (fromEnv) {
    const checked = checkBaseUrl(fromEnv);
    if (!checked.ok)
      throw new UsageError(`WEATHER_BASE_URL "${fromEnv}" is not valid (${checked.reason})`);
    return String(checked.value);
  }
  return typeof stored.base_url === 'string' ? stored.base_url : DEFAULT_BASE_URL;
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
): Plan {
  const [lat, lon] = location(flags, stored);
  const units = flags.units ?? (stored.units as Units | undefined) ?? 'metric';
  const lang = flags.lang ?? (stored.lang as string | undefined) ?? 'en';
  const mode = flags.mode ?? 'json';
  const shown = printing(flags, mode, stdoutIsTTY);
  const appid =
    flags.appid ?? (env.WEATHER_APPID || undefined) ?? (stored.appid as string | undefined);
  const timeoutSeconds =
    flags.timeout ?? (stored.timeout as number | undefined) ?? DEFAULT_TIMEOUT_SECONDS;
  const query = { lat, lon, units, lang, mode };
  const url = baseUrl(flags, env, stored);
  if (flags.offline || appid === undefined) {
    return {
      query,
      source: { kind: 'embedded', now: flags.now },
      timeoutMs: timeoutSeconds * 1000,
      printing: shown,
      ...(flags.offline ? {} : { notice: NO_KEY_NOTICE }),
    };
  }
  if (flags.now !== undefined) {
    throw new UsageError('--now sets the clock of the embedded implementation; add --offline');
  }
  return {
    query: { ...query, appid },
    source: { kind: 'live', baseUrl: url },
    timeoutMs: timeoutSeconds * 1000,
    printing: shown,
  };
}
