import Conf from 'conf';
import { join } from 'node:path';
import { ConfigError, UsageError } from '../core/errors.js';
import { withLockSync } from '../core/lock-wait.js';
import {
  checkSetting,
  SETTING_KEYS,
  type SettingKey,
  type SettingTypes,
  type StoredSettings,
} from './settings.js';

const UNTOUCHED = 'fix or move the file; weather has left it untouched';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The user's settings in `config.json` (conf, mode 0600, written atomically). A file that cannot
 * be read, is not JSON, or holds an invalid value is reported (exit 8) and never rewritten.
 */
export class ConfigStore {
  readonly path: string;

  constructor(private readonly directory: string) {
    this.path = join(directory, 'config.json');
  }

  /**
   * conf reads the file when it is constructed, so each use constructs it afresh: `set` and
   * `unset` do so under the lock, and change the file as it is then.
   */
  private open(): Conf {
    try {
      return new Conf({
        projectName: 'weather',
        cwd: this.directory,
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
    const store = this.object(this.open());
    const values: Mutable<StoredSettings> = {};
    for (const key of SETTING_KEYS) assign(values, key, this.readOne(store, key));
    return values;
  }

  private readOne<K extends SettingKey>(
    store: Record<string, unknown>,
    key: K,
  ): SettingTypes[K] | undefined {
    const raw = store[key];
    if (raw === undefined) return undefined;
    const checked =
      typeof raw === 'string' || typeof raw === 'number'
        ? checkSetting(key, String(raw))
        : { ok: false as const, reason: `expected text, found ${JSON.stringify(raw)}` };
    if (!checked.ok) {
      throw new ConfigError(
        `config file ${this.path}: invalid ${key} ${JSON.stringify(raw)} (${checked.reason})`,
        UNTOUCHED,
      );
    }
    return checked.value;
  }

  /** Read, change and write back under the same lock as keys.json: no concurrent change is lost. */
  set<K extends SettingKey>(key: K, text: string): SettingTypes[K] {
    const checked = checkSetting(key, text);
    if (!checked.ok) {
      throw new UsageError(`invalid value for ${key}: ${JSON.stringify(text)} (${checked.reason})`);
    }
    return withLockSync(this.path, () => {
      const conf = this.open();
      this.object(conf);
      conf.set(key, checked.value);
      return checked.value;
    });
  }

  unset(key: SettingKey): void {
    withLockSync(this.path, () => {
      const conf = this.open();
      this.object(conf);
      conf.delete(key);
    });
  }

  /**
   * The stored object. `set` and `unset` only need this much: they may repair an invalid value,
   * and they keep every other member as it is.
   */
  private object(conf: Conf): Record<string, unknown> {
    const store: unknown = conf.store;
    if (typeof store !== 'object' || store === null || Array.isArray(store)) {
      throw new ConfigError(`config file ${this.path} does not hold an object`, UNTOUCHED);
    }
    return store as Record<string, unknown>;
  }
}

function assign<K extends SettingKey>(
  into: Mutable<StoredSettings>,
  key: K,
  value: SettingTypes[K] | undefined,
): void {
  if (value !== undefined) into[key] = value;
}
