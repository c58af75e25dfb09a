import Conf from 'conf';
import { UsageError } from '../core/errors.js';
import { cannotWrite } from '../core/files.js';
import { configFile, readConfigObject, readSettings } from './read.js';
import {
  checkSetting,
  type SettingKey,
  type SettingTypes,
  type StoredSettings,
} from './settings.js';

/**
 * The user's settings in `config.json`, changed through conf (mode 0600, written atomically).
 * Reading needs no conf: see read.ts. A file that cannot be read, is not JSON, is not an object or
 * holds an invalid value is reported (exit 8) and never rewritten; a file that cannot be written
 * is reported naming it, and the stored file stays as it was.
 */
export class ConfigStore {
  readonly path: string;

  constructor(private readonly directory: string) {
    this.path = configFile(directory);
  }

  /** Every known setting that is stored, validated; unknown keys are kept but ignored. */
  read(): StoredSettings {
    return readSettings(this.directory);
  }

  set<K extends SettingKey>(key: K, text: string): SettingTypes[K] {
    const checked = checkSetting(key, text);
    if (!checked.ok) {
      throw new UsageError(`invalid value for ${key}: ${JSON.stringify(text)} (${checked.reason})`);
    }
    this.change((conf) => conf.set(key, checked.value));
    return checked.value;
  }

  unset(key: SettingKey): void {
    this.change((conf) => conf.delete(key));
  }

  /**
   * Changes one member and keeps every other as it is. The file is checked first with the same
   * reader as queries: conf would turn an array or a string into an object and write that back.
   * An invalid value is no obstacle: `set` is how it gets repaired.
   */
  private change(action: (conf: Conf) => void): void {
    readConfigObject(this.path);
    try {
      action(
        new Conf({
          projectName: 'weather',
          cwd: this.directory,
          configName: 'config',
          configFileMode: 0o600,
          clearInvalidConfig: false,
          watch: false,
        }),
      );
    } catch (error) {
      throw cannotWrite(this.path, error);
    }
  }
}
