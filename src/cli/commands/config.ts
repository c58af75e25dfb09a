import { join } from 'node:path';
import { maskKey } from '../../core/mask.js';
import { configDir } from '../../config/paths.js';
import { findSetting, SETTINGS } from '../../config/settings.js';
import { ConfigStore, requireSetting } from '../../config/store.js';
import type { IO } from '../io.js';
import type { Action } from '../program.js';

function shown(key: string, value: string | number, show: boolean): string {
  return findSetting(key)?.secret && !show ? maskKey(String(value)) : String(value);
}

/** `weather config set|get|unset|list|path`. */
export function configCommands(io: IO): Record<string, Action> {
  const store = (): ConfigStore => new ConfigStore(configDir(io.env));
  return {
    'config set': async ([key = '', value = '']) => {
      store().set(key, value);
      return 0;
    },
    'config get': async ([key = ''], options) => {
      const setting = requireSetting(key);
      const value = store().read()[key];
      if (value === undefined) {
        const fallback = setting.defaultText ? ` (default: ${setting.defaultText})` : '';
        io.stderr.write(`weather: ${key} is not set${fallback}\n`);
        return 0;
      }
      io.stdout.write(`${shown(key, value, options.show === true)}\n`);
      return 0;
    },
    'config unset': async ([key = '']) => {
      store().unset(key);
      return 0;
    },
    'config list': async (_args, options) => {
      const values = store().read();
      for (const { key } of SETTINGS) {
        const value = values[key];
        if (value !== undefined)
          io.stdout.write(`${key}=${shown(key, value, options.show === true)}\n`);
      }
      return 0;
    },
    // Needs no valid file: it is how a user finds the file to fix.
    'config path': async () => {
      io.stdout.write(`${join(configDir(io.env), 'config.json')}\n`);
      return 0;
    },
  };
}
