import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../core/errors.js';
import { describeSystemError, errorCode } from '../core/files.js';
import {
  checkSetting,
  SETTING_KEYS,
  type SettingKey,
  type SettingTypes,
  type StoredSettings,
} from './settings.js';

export const UNTOUCHED = 'fix or move the file; weather has left it untouched';

/** Where the settings live in a config folder. */
export function configFile(directory: string): string {
  return join(directory, 'config.json');
}

/**
 * The object stored in config.json, read with plain JSON so that a query never creates, locks or
 * rewrites anything. Undefined when there is no file for this user to read: the folder is missing,
 * is not a folder, or is closed to this user (a service account with `HOME=/nonexistent` has no
 * settings, as a fresh account has none). A file that is there but cannot be read, is not JSON or
 * is not an object is an error: running with other settings than the stored ones would be worse.
 */
export function readConfigObject(path: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (noFileForThisUser(path, error)) return undefined;
    throw new ConfigError(
      `config file ${path} cannot be read: ${describeSystemError(error)}`,
      UNTOUCHED,
      { cause: error },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `config file ${path} is not valid JSON: ${(error as Error).message}`,
      UNTOUCHED,
      { cause: error },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`config file ${path} holds ${kindOf(value)}, not an object`, UNTOUCHED);
  }
  return value as Record<string, unknown>;
}

function noFileForThisUser(path: string, error: unknown): boolean {
  const code = errorCode(error);
  if (code === 'ENOENT' || code === 'ENOTDIR') return true;
  if (code !== 'EACCES' && code !== 'EPERM') return false;
  // The folder closed to this user (no settings), or the file itself unreadable (an error)?
  try {
    statSync(path);
    return false;
  } catch {
    return true;
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Every known setting in the folder's config.json, validated; unknown keys are ignored. */
export function readSettings(directory: string): StoredSettings {
  const path = configFile(directory);
  const stored = readConfigObject(path) ?? {};
  const values: Mutable<StoredSettings> = {};
  for (const key of SETTING_KEYS) assign(values, key, readOne(stored, key, path));
  return values;
}

function readOne<K extends SettingKey>(
  stored: Record<string, unknown>,
  key: K,
  path: string,
): SettingTypes[K] | undefined {
  const raw = stored[key];
  if (raw === undefined) return undefined;
  const checked =
    typeof raw === 'string' || typeof raw === 'number'
      ? checkSetting(key, String(raw))
      : { ok: false as const, reason: `expected text, found ${JSON.stringify(raw)}` };
  if (!checked.ok) {
    throw new ConfigError(
      `config file ${path}: invalid ${key} ${JSON.stringify(raw)} (${checked.reason})`,
      UNTOUCHED,
    );
  }
  return checked.value;
}

function assign<K extends SettingKey>(
  into: Mutable<StoredSettings>,
  key: K,
  value: SettingTypes[K] | undefined,
): void {
  if (value !== undefined) into[key] = value;
}
