import type { TempUnit, Units, WindUnit } from './units.js';

/**
 * A current-weather observation as decoded from a JSON or XML response. It mirrors the JSON
 * representation so template paths like `main.temp` mean the same thing whatever `mode` was used.
 * Optional members are absent (never undefined-valued, never NaN) when the response lacks them.
 */
export interface WeatherCondition {
  readonly id: number;
  readonly main: string;
  readonly description: string;
  readonly icon: string;
}

export interface Precipitation {
  readonly '1h'?: number;
  readonly '3h'?: number;
}

export interface Observation {
  readonly coord: { readonly lon: number; readonly lat: number };
  readonly weather: readonly WeatherCondition[];
  readonly base?: string;
  readonly main: {
    readonly temp: number;
    readonly feels_like?: number;
    readonly temp_min?: number;
    readonly temp_max?: number;
    readonly pressure: number;
    readonly humidity: number;
    readonly sea_level?: number;
    readonly grnd_level?: number;
  };
  readonly visibility?: number;
  readonly wind: { readonly speed: number; readonly deg?: number; readonly gust?: number };
  readonly clouds?: { readonly all: number };
  readonly rain?: Precipitation;
  readonly snow?: Precipitation;
  readonly dt: number;
  readonly sys: {
    readonly type?: number;
    readonly id?: number;
    readonly message?: number;
    readonly country?: string;
    readonly sunrise?: number;
    readonly sunset?: number;
  };
  readonly timezone?: number;
  readonly id?: number;
  readonly name: string;
  readonly cod?: number;
}

type Leaf = string | number;

/** Dotted paths to the leaves of T; arrays are entered through their first element. */
type PathsOf<T> = {
  [K in keyof T & string]-?: NonNullable<T[K]> extends Leaf
    ? K
    : NonNullable<T[K]> extends readonly (infer E)[]
      ? `${K}.0.${PathsOf<E>}`
      : `${K}.${PathsOf<NonNullable<T[K]>>}`;
}[keyof T & string];

/** Every member of the JSON observation as a template path: `main.temp`, `weather.0.icon`. */
export type ObservationPath = PathsOf<Observation>;

/**
 * How a response reached this run: a call just made (`live`), the cache (`cache`), the cache
 * after a failed call (`stale`), or the embedded implementation in process (`simulated`).
 */
export type DataSource = 'live' | 'cache' | 'stale' | 'simulated';

export interface Origin {
  readonly source: DataSource;
  /** When the response was received, ms since the epoch. */
  readonly fetchedAt: number;
}

/** The units people see temperatures and wind speeds in (`--temp-unit`, `--wind-unit`). */
export interface ShownUnits {
  readonly temperature: TempUnit;
  readonly wind: WindUnit;
}

/** What a decoder hands the renderers: the observation and the unit system its numbers are in. */
export interface Decoded {
  readonly observation: Observation;
  /** The unit system asked of the API: visibility, rain and snow are shown by it. */
  readonly units: Units;
  /**
   * Set once temperatures and wind speeds were converted for people (render/shown.ts): the units
   * they are now in. Absent: the API's units of `units`.
   */
  readonly shown?: ShownUnits;
  /** The embedded implementation made it up; people must be told. */
  readonly simulated: boolean;
  /** Set by the command that obtained the response; absent, it was just received. */
  readonly origin?: Origin;
}

/** `base` of every JSON response from the embedded implementation. */
export const SIMULATED_BASE = 'simulated';

/**
 * Header on every response of the embedded implementation, so that XML (which has no `base`)
 * is known to be simulated too.
 */
export const SOURCE_HEADER = 'x-weather-source';
export const SIMULATED_SOURCE = 'simulated';
