import Conf from 'conf';
import { join } from 'node:path';
import { ConfigError, UsageError } from '../core/errors.js';
import {
  findSetting,
  SETTING_KEYS,
  SETTINGS,
  type Setting,
  type SettingValue,
} from './settings.js';

const UNTOUCHED = 'fix or move the file; weather has left it untouched';

export type StoredSettings = Readonly<Partial<Record<string, SettingValue>>>;

/**
 * The user's settings in `config.json` (conf, mode 0600, written atomically). A file that cannot
 * be read, is not JSON, or holds an invalid value is reported (exit 8) and never rewritten.
 */
export class ConfigStore {
  readonly path: string;
  private readonly conf: Conf;

  constructor(directory: string) {
    this.path = join(directory, 'config.json');
    try {
      this.conf = new Conf({
        projectName: 'weather',
        cwd: directory,
        configName: 'config',
        configFileMode: 0o600,
        clearInvalidConfig: false,
        watch: false,
      });
    } catch (error) {
      const reason = error instanceof SyntaxError ? 'is not valid JSON' : `cannot be read`;
      throw new ConfigError(
        `config file ${this.path} ${reason}: ${(error as Error).message}`,
        UNTOUCHED,
        {
          cause: error,
        },
      );
    }
  }

  /** Every known setting that is stored, validated; unknown keys are kept but ignored. */
  read(): StoredSettings {
    const store = this.object();
    const values: Record<string, SettingValue> = {};
    for (const setting of SETTINGS) {
      const raw = store[setting.key];
      if (raw === undefined) continue;
      const checked =
        typeof raw === 'string' || typeof raw === 'number'
          ? setting.check(String(raw))
          : { ok: false as const, reason: `expected text, found ${JSON.stringify(raw)}` };
      if (!checked.ok) {
        throw new ConfigError(
          `config file ${this.path}: invalid ${setting.key} ${JSON.stringify(raw)} (${checked.reason})`,
          UNTOUCHED,
        );
      }
      values[setting.key] = checked.value;
    }
    return values;
  }

  set(key: string, text: string): SettingValue {
    const setting = requireSetting(key);
    const checked = setting.check(text);
    if (!checked.ok) {
      throw new UsageError(`invalid value for ${key}: ${JSON.stringify(text)} (${checked.reason})`);
    }
    this.object();
    this.conf.set(key, checked.value);
    return checked.value;
  }

  unset(key: string): void {
    requireSetting(key);
    this.object();
    this.conf.delete(key);
  }

  /**
   * The stored object. `set` and `unset` only need this much: they may repair an invalid value,
   * and they keep every other member as it is.
   */
  private object(): Record<string, unknown> {
    const store: unknown = this.conf.store;
    if (typeof store !== 'object' || store === null || Array.isArray(store)) {
      throw new ConfigError(`config file ${this.path} does not hold an object`, UNTOUCHED);
    }
    return store as Record<string, unknown>;
  }
}

export function requireSetting(key: string): Setting {
  const setting = findSetting(key);
  if (!setting) {
    throw new UsageError(`unknown config key "${key}" (valid keys: ${SETTING_KEYS.join(', ')})`);
  }
  return setting;
}
