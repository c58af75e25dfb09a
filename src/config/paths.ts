import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '../core/env.js';

/**
 * The home folder `env` names, as os.homedir() finds it in the process's environment; the
 * account's own only when `env` has none. A caller's env may not be the process's.
 */
function homeOf(env: Env): string {
  return (process.platform === 'win32' ? env.USERPROFILE : env.HOME) || homedir();
}

/** Where config.json and keys.json live: WEATHER_CONFIG_DIR, else the platform's config folder. */
export function configDir(env: Env): string {
  if (env.WEATHER_CONFIG_DIR) return env.WEATHER_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'weather');
  if (process.platform === 'darwin') return join(homeOf(env), 'Library', 'Preferences', 'weather');
  return join(env.XDG_CONFIG_HOME || join(homeOf(env), '.config'), 'weather');
}

/**
 * Where responses and the memory of failures are kept between runs: WEATHER_CACHE_DIR, else the
 * platform's cache folder.
 */
export function cacheDir(env: Env): string {
  if (env.WEATHER_CACHE_DIR) return env.WEATHER_CACHE_DIR;
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'weather');
  if (process.platform === 'darwin') return join(homeOf(env), 'Library', 'Caches', 'weather');
  return join(env.XDG_CACHE_HOME || join(homeOf(env), '.cache'), 'weather');
}

export function keyFilePath(env: Env): string {
  return join(configDir(env), 'keys.json');
}

/** The hash of the admin token of `weather serve`'s account console, next to the keys. */
export function consoleTokenPath(env: Env): string {
  return join(configDir(env), 'console-token.json');
}
