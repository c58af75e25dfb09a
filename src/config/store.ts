import { UsageError } from '../core/errors.js';
import { writeFileAtomic } from '../core/files.js';
import { withLockSync } from '../core/lock-wait.js';
import { configFile, readConfigObject, readSettings } from './read.js';
import { quoted } from '../core/quote.js';
import {
  checkSetting,
  type SettingKey,
  type SettingTypes,
  type StoredSettings,
} from './settings.js';
import {
  isPlaceName,
  PLACE_NAME_RULE,
  PLACES_KEY,
  savedPlacesOf,
  type SavedPlace,
} from './places.js';

function notSaved(name: string): UsageError {
  return new UsageError(`no saved place named "${name}"`, 'see: weather places list');
}

/**
 * The user's settings in `config.json` (mode 0600 in a folder of mode 0700, replaced atomically).
 * A file that cannot be read, is not JSON, is not an object or holds an invalid value is reported
 * (exit 8) and never rewritten; a file that cannot be written is reported naming it, and the
 * stored file stays as it was (writeFileAtomic checks every byte written: conf's writer did not,
 * and truncated the file when the disk filled up mid-write).
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
      throw new UsageError(`invalid value for ${key}: ${quoted(text)} (${checked.reason})`);
    }
    this.change((stored) => {
      // A location that names a place must name one that is saved, now, under the lock.
      const value = checked.value;
      if (key === 'location' && typeof value === 'string' && isPlaceName(value)) {
        if (!savedPlacesOf(stored, this.path).has(value)) throw notSaved(value);
      }
      return { ...stored, [key]: value };
    });
    return checked.value;
  }

  /** Saves (or moves) the place `name`; every other member of the file stays as it is. */
  savePlace(name: string, place: SavedPlace): void {
    if (!isPlaceName(name)) {
      throw new UsageError(`"${name}" cannot name a place (${PLACE_NAME_RULE})`);
    }
    this.change((stored) => {
      const places = Object.fromEntries(savedPlacesOf(stored, this.path));
      return { ...stored, [PLACES_KEY]: { ...places, [name]: { lat: place.lat, lon: place.lon } } };
    });
  }

  /** Removes the saved place `name`; refused while the stored location names it. */
  removePlace(name: string): void {
    this.change((stored) => {
      const places = new Map(savedPlacesOf(stored, this.path));
      if (!places.delete(name)) throw notSaved(name);
      if (stored.location === name) {
        throw new UsageError(
          `the stored location is "${name}"`,
          'store another first (weather config set location <lat,lon or name>), or weather config unset location',
        );
      }
      return { ...stored, [PLACES_KEY]: Object.fromEntries(places) };
    });
  }

  unset(key: SettingKey): void {
    this.change((stored) => {
      if (!Object.hasOwn(stored, key)) return undefined;
      const { [key]: _removed, ...rest } = stored;
      return rest;
    });
  }

  /**
   * Changes the stored object and keeps every other member as it is; `update` returns undefined
   * when there is nothing to write. An invalid value is no obstacle: `set` is how it gets repaired.
   */
  private change(
    update: (stored: Record<string, unknown>) => Record<string, unknown> | undefined,
  ): void {
    // The same lock as keys.json: a change made meanwhile by another weather is never lost.
    withLockSync(this.path, () => {
      const changed = update(readConfigObject(this.path) ?? {});
      if (changed !== undefined) {
        writeFileAtomic(this.path, `${JSON.stringify(changed, null, '\t')}\n`);
      }
    });
  }
}
