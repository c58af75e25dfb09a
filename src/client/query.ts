import type { HttpResponse } from '../core/http.js';
import type { Mode, Units } from '../core/units.js';

/** One request for the current observation, as the user asked for it. */
export interface Query {
  readonly lat: number;
  readonly lon: number;
  readonly units: Units;
  readonly lang: string;
  readonly mode: Mode;
  /** Absent for the embedded implementation when no key is configured. */
  readonly appid?: string;
}

export interface Transport {
  /** Where requests go, for messages (never contains the key). */
  readonly target: string;
  get(query: Query): Promise<HttpResponse>;
  close?(): Promise<void>;
}

/** `lat=…&lon=…&units=…&lang=…&mode=…&appid=…`, the same for every transport. */
export function queryString(query: Query): string {
  const params = new URLSearchParams({
    lat: String(query.lat),
    lon: String(query.lon),
    units: query.units,
    lang: query.lang,
    mode: query.mode,
  });
  if (query.appid !== undefined) params.set('appid', query.appid);
  return params.toString();
}
