import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '../core/env.js';

/** Where config.json and keys.json live: WEATHER_CONFIG_DIR, else the platform's config folder. */
export function configDir(env: Env): string {
  if (env.WEATHER_CONFIG_DIR) return env.WEATHER_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'weather');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'weather');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'weather');
}

/**
 * Where responses and the memory of failures are kept between runs: WEATHER_CACHE_DIR, else the
 * platform's cache folder.
 */
export function cacheDir(env: Env): string {
  if (env.WEATHER_CACHE_DIR) return env.WEATHER_CACHE_DIR;
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'weather');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'weather');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'weather');
}

export function keyFilePath(env: Env): string {
  return join(configDir(env), 'keys.json');
}
