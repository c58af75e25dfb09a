import { createHash } from 'node:crypto';
import type { Mode, Units } from '../core/units.js';

/**
 * Names of what the cache keeps. The API key never appears in them, nor in any file: only a hash
 * of it, which tells keys apart and cannot be turned back into the key.
 */
export interface CachedRequest {
  readonly baseUrl: string;
  readonly appid: string;
  readonly lat: number;
  readonly lon: number;
  readonly units: Units;
  readonly lang: string;
  readonly mode: Mode;
}

function sha256(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Coordinates that differ past the fourth decimal (about 10 m) are the same place. */
function rounded(degrees: number): string {
  const value = Math.round(degrees * 1e4) / 1e4;
  return (value === 0 ? 0 : value).toFixed(4);
}

/** The key as the service knows it: its base URL and the key, hashed. */
export function keyIdentity(baseUrl: string, appid: string): string {
  return sha256(['weather key 1', baseUrl, sha256(['appid', appid])]);
}

/** The file name of one request's response. */
export function entryName(request: CachedRequest): string {
  return sha256([
    'weather response 1',
    keyIdentity(request.baseUrl, request.appid),
    rounded(request.lat),
    rounded(request.lon),
    request.units,
    request.lang,
    request.mode,
  ]);
}
