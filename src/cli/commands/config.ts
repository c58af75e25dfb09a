import { join } from 'node:path';
import { EXIT } from '../../core/errors.js';
import { maskKey, redactCredentials } from '../../core/mask.js';
import { configDir } from '../../config/paths.js';
import {
  defaultText,
  SETTING_KEYS,
  SETTINGS,
  type SettingKey,
  type StoredSettings,
} from '../../config/settings.js';
import { ConfigStore } from '../../config/store.js';
import type { IO } from '../io.js';
import { bind, type Invoke } from '../program.js';
import { CONFIG_GET, CONFIG_LIST, CONFIG_PATH, CONFIG_SET, CONFIG_UNSET } from '../spec.js';

/** Secrets masked and credentials in URLs hidden, unless --show. */
function shown(key: SettingKey, value: string | number, show: boolean): string {
  if (show) return String(value);
  return SETTINGS[key].secret ? maskKey(String(value)) : redactCredentials(String(value));
}

function stored(values: StoredSettings, key: SettingKey): string | number | undefined {
  return values[key];
}

/** `weather config set|get|unset|list|path`. */
export function configCommands(io: IO): Record<string, Invoke> {
  const store = (): ConfigStore => new ConfigStore(configDir(io.env));
  return {
    'config set': bind(CONFIG_SET, async ([key, value]) => {
      store().set(key, value);
      return 0;
    }),
    'config get': bind(CONFIG_GET, async ([key], { show }) => {
      const value = stored(store().read(), key);
      if (value === undefined) {
        const fallback = defaultText(key);
        io.stderr.write(
          `weather: ${key} is not set${fallback === undefined ? '' : ` (default: ${fallback})`}\n`,
        );
        return EXIT.notSet;
      }
      io.stdout.write(`${shown(key, value, show === true)}\n`);
      return 0;
    }),
    'config unset': bind(CONFIG_UNSET, async ([key]) => {
      store().unset(key);
      return 0;
    }),
    'config list': bind(CONFIG_LIST, async (_args, { show }) => {
      const values = store().read();
      for (const key of SETTING_KEYS) {
        const value = stored(values, key);
        if (value !== undefined) io.stdout.write(`${key}=${shown(key, value, show === true)}\n`);
      }
      return 0;
    }),
    // Needs no valid file: it is how a user finds the file to fix.
    'config path': bind(CONFIG_PATH, async () => {
      io.stdout.write(`${join(configDir(io.env), 'config.json')}\n`);
      return 0;
    }),
  };
}
