import { parseCoordinate } from '../core/coordinates.js';
import { UsageError } from '../core/errors.js';
import { quoted } from '../core/quote.js';
import { isoProblem, parseInstant } from '../core/instant.js';
import { LANG_CODES, canonicalLang } from '../core/lang.js';
import { parseDuration } from '../core/duration.js';
import { parsePlaceQuery } from '../places/query.js';
import { isPlaceName, PLACE_NAME_RULE } from '../config/places.js';
import { parseFaultSpec, type FaultRule } from '../server/faults/spec.js';
import { unitNamed } from '../core/units.js';
import {
  checkBaseUrl,
  DURATION_RULE,
  checkTimeout,
  isSettingKey,
  SETTING_KEYS,
  type SettingKey,
} from '../config/settings.js';

/** Option-argument parsers: each returns the value or throws a UsageError naming the flag. */
export type Parser<T> = (text: string) => T;

export function coordinate(flag: string, limit: number): Parser<number> {
  return (text) => {
    const value = parseCoordinate(text, limit);
    if (value === undefined) {
      throw new UsageError(
        `${flag} must be a number from -${limit} to ${limit}, got ${quoted(text)}`,
      );
    }
    return value;
  };
}

export function choice<T extends string>(flag: string, choices: readonly T[]): Parser<T> {
  return (text) => {
    const value = text.toLowerCase();
    const found = choices.find((c) => c === value);
    if (found === undefined) {
      throw new UsageError(`${flag} must be one of ${choices.join(', ')}, got ${quoted(text)}`);
    }
    return found;
  };
}

export const lang: Parser<string> = (text) => {
  if (canonicalLang(text) === undefined) {
    throw new UsageError(
      `--lang must be a language code of the API, got ${quoted(text)}`,
      `codes: ${LANG_CODES.join(', ')}`,
    );
  }
  return text.toLowerCase();
};

/** One of `units` (`hPa`, `km/h`, `C`), in any case. */
export function unit<T extends string>(flag: string, units: readonly T[]): Parser<T> {
  return (text) => {
    const found = unitNamed(units, text);
    if (found === undefined) {
      throw new UsageError(`${flag} must be one of ${units.join(', ')}, got ${quoted(text)}`);
    }
    return found;
  };
}

export const timeout: Parser<number> = (text) => {
  const checked = checkTimeout(text);
  if (!checked.ok)
    throw new UsageError(`--timeout: ${quoted(text)} is not valid (${checked.reason})`);
  return checked.value;
};

export const baseUrl: Parser<string> = (text) => {
  const checked = checkBaseUrl(text);
  if (!checked.ok)
    throw new UsageError(`--base-url: ${quoted(text)} is not valid (${checked.reason})`);
  return checked.value;
};

/** A duration in seconds: `90s`, `10m`, `1h`, `2d`; at least `min` seconds. */
export function duration(flag: string, min = 0): Parser<number> {
  return (text) => {
    const seconds = parseDuration(text);
    if (seconds === undefined)
      throw new UsageError(`${flag}: ${quoted(text)} is not valid (${DURATION_RULE})`);
    if (seconds < min)
      throw new UsageError(`${flag} must be at least ${min}s, got ${quoted(text)}`);
    return seconds;
  };
}

/** How --now is written. */
const INSTANT_FORMS =
  'ISO 8601 (2026-01-01T12:00:00Z; UTC when no zone is given) or Unix seconds (1767268800)';

export const instant: Parser<number> = (text) => {
  const trimmed = text.trim();
  // 13 digits is this century in milliseconds, and year 40000 in seconds.
  if (/^-?\d{13,}$/.test(trimmed)) {
    throw new UsageError(
      `--now takes Unix seconds, and ${quoted(text)} looks like milliseconds`,
      `in seconds: --now ${trimmed.slice(0, -3)}`,
    );
  }
  const ms = parseInstant(trimmed);
  if (ms !== undefined) return ms;
  const problem = /^\d{4}-\d{2}-\d{2}/.test(trimmed) ? isoProblem(trimmed) : undefined;
  if (problem !== undefined && problem !== 'not ISO 8601') {
    throw new UsageError(`--now: ${quoted(text)} is no real date and time (${problem})`);
  }
  throw new UsageError(`--now must be ${INSTANT_FORMS}, got ${quoted(text)}`);
};

export function integer(flag: string, min: number, max: number): Parser<number> {
  return (text) => {
    const value = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(value >= min && value <= max)) {
      throw new UsageError(
        `${flag} must be a whole number from ${min} to ${max}, got ${quoted(text)}`,
      );
    }
    return value;
  };
}

export const settingKey: Parser<SettingKey> = (text) => {
  if (!isSettingKey(text)) {
    throw new UsageError(
      `unknown config key ${quoted(text)} (valid keys: ${SETTING_KEYS.join(', ')})`,
    );
  }
  return text;
};

/** A place query ("Paris, FR"), checked before any lookup; the text, trimmed. */
export const place: Parser<string> = (text) => {
  parsePlaceQuery(text);
  return text.trim();
};

export const savedPlaceName: Parser<string> = (text) => {
  if (!isPlaceName(text))
    throw new UsageError(`"${text}" cannot name a place (${PLACE_NAME_RULE})`);
  return text;
};

export function nonEmpty(flag: string): Parser<string> {
  return (text) => {
    if (text === '') throw new UsageError(`${flag} must not be empty`);
    return text;
  };
}

/** A non-negative number up to `max`: `60`, `0.5`. */
export function factor(flag: string, max: number): Parser<number> {
  return (text) => {
    const value = /^\d+(?:\.\d+)?$/.test(text.trim()) ? Number(text) : NaN;
    if (!(value >= 0 && value <= max)) {
      throw new UsageError(`${flag} must be a number from 0 to ${max}, got "${text}"`);
    }
    return value;
  };
}

export const faults: Parser<readonly FaultRule[]> = (text) => {
  const parsed = parseFaultSpec(text);
  if (!parsed.ok) {
    throw new UsageError(
      `--faults: ${parsed.problem}`,
      'e.g. --faults 429:0.05,500:every=10,401:key=KEY',
    );
  }
  return parsed.rules;
};
