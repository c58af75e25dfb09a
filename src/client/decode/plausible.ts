import { windChillC } from '../../core/comfort.js';
import type { Observation, ObservationPath } from '../../core/observation.js';
import {
  celsiusTo,
  metersPerSecondTo,
  TEMP_SYMBOL,
  SPEED_UNIT,
  type Units,
} from '../../core/units.js';
import { DecodeProblem } from './fields.js';

/**
 * A decoded observation whose values cannot be right: a member out of its physical range, or a
 * time far from this machine's clock. Garbage from a broken upstream is refused, never rendered.
 */
export class Implausible extends DecodeProblem {
  constructor(
    message: string,
    /** What to do about it, when it is not simply the service's fault. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** How a range's numbers are read: as they are, or converted into the unit system asked for. */
type Quantity = 'plain' | 'temperature' | 'speed';

interface Range {
  readonly members: readonly ObservationPath[];
  readonly min: number;
  readonly max: number;
  /** For temperatures the bounds are in °C, for speeds in m/s, and converted to `units`. */
  readonly quantity: Quantity;
  readonly unit: string;
}

const TEMP_MIN_C = -100;
const WIND_MAX_MS = 150;

/**
 * Physical bounds of each member, wide enough for every real observation on Earth (records:
 * −89.2 °C, 56.7 °C, 113 m/s gusts, 870 and 1084 hPa at sea level, 305 mm of rain in an hour).
 * The README's table is generated from this.
 */
export const RANGES: readonly Range[] = [
  { members: ['coord.lat'], min: -90, max: 90, quantity: 'plain', unit: '°' },
  { members: ['coord.lon'], min: -180, max: 180, quantity: 'plain', unit: '°' },
  {
    members: ['main.temp', 'main.temp_min', 'main.temp_max'],
    min: TEMP_MIN_C,
    max: 100,
    quantity: 'temperature',
    unit: '°C',
  },
  // A wind chill goes lower than the air (−89 °C in a 20 m/s wind is −135): as low as the
  // service's formula goes at the coldest air in the fastest wind.
  {
    members: ['main.feels_like'],
    min: Math.floor(windChillC(TEMP_MIN_C, WIND_MAX_MS)),
    max: 100,
    quantity: 'temperature',
    unit: '°C',
  },
  {
    members: ['main.pressure', 'main.sea_level', 'main.grnd_level'],
    min: 100,
    max: 1200,
    quantity: 'plain',
    unit: 'hPa',
  },
  { members: ['main.humidity', 'clouds.all'], min: 0, max: 100, quantity: 'plain', unit: '%' },
  {
    members: ['wind.speed', 'wind.gust'],
    min: 0,
    max: WIND_MAX_MS,
    quantity: 'speed',
    unit: 'm/s',
  },
  { members: ['wind.deg'], min: 0, max: 360, quantity: 'plain', unit: '°' },
  { members: ['visibility'], min: 0, max: 100_000, quantity: 'plain', unit: 'm' },
  {
    members: ['rain.1h', 'rain.3h', 'snow.1h', 'snow.3h'],
    min: 0,
    max: 1000,
    quantity: 'plain',
    unit: 'mm',
  },
  { members: ['timezone'], min: -12 * 3600, max: 14 * 3600, quantity: 'plain', unit: 's' },
];

/** dt may be ahead of this machine's clock by this much: clocks drift, and that is all. */
export const DT_AHEAD_SECONDS = 3600;
/**
 * dt may be behind by this much: stations report late, and stale data is shown labelled with its
 * age. Anything older is not a current observation.
 */
export const DT_BEHIND_SECONDS = 30 * 86_400;
/**
 * Sunrise and sunset are those of the observation's day, or near the poles the last or next ones:
 * never more than half a year away (0 in polar day and night).
 */
export const SUN_FROM_DT_SECONDS = 183 * 86_400;

function convert(quantity: Quantity, units: Units, value: number): number {
  if (quantity === 'temperature') return celsiusTo(units, value);
  if (quantity === 'speed') return metersPerSecondTo(units, value);
  return value;
}

function unitIn(range: Range, units: Units): string {
  if (range.quantity === 'temperature') return ` ${TEMP_SYMBOL[units]}`;
  if (range.quantity === 'speed') return ` ${SPEED_UNIT[units]}`;
  return range.unit === '%' || range.unit === '°' ? range.unit : ` ${range.unit}`;
}

/** `-148 to 212 °F`: a range as people read it, in the unit system of the observation. */
export function rangeText(range: Range, units: Units): string {
  const min = Number(convert(range.quantity, units, range.min).toFixed(2));
  const max = Number(convert(range.quantity, units, range.max).toFixed(2));
  return `${min} to ${max}${unitIn(range, units)}`;
}

function valueAt(observation: Observation, path: ObservationPath): unknown {
  let value: unknown = observation;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** An instant for messages; one beyond year 9999 (milliseconds taken for seconds?) as it came. */
function iso(seconds: number): string {
  const date = new Date(seconds * 1000);
  const year = date.getUTCFullYear();
  return Number.isNaN(year) || year > 9999 || year < 0
    ? String(seconds)
    : date.toISOString().replace('.000', '');
}

/**
 * Throws Implausible naming the first member that cannot be right. `now` is this machine's clock
 * (or the frozen clock of the embedded model), in ms since the epoch; undefined for an answer of
 * the embedded implementation, which `weather serve --now` may freeze at any time.
 */
export function checkPlausible(
  observation: Observation,
  units: Units,
  now: number | undefined,
): void {
  for (const range of RANGES) {
    const min = convert(range.quantity, units, range.min);
    const max = convert(range.quantity, units, range.max);
    for (const member of range.members) {
      const value = valueAt(observation, member);
      if (typeof value === 'number' && (value < min || value > max)) {
        throw new Implausible(
          `${member} is ${value}, outside ${rangeText(range, units)}`,
          range.quantity === 'temperature' ? `is it in another unit than ${units}?` : undefined,
        );
      }
    }
  }
  const { dt } = observation;
  const clock = now === undefined ? dt : Math.round(now / 1000);
  if (dt > clock + DT_AHEAD_SECONDS || dt < clock - DT_BEHIND_SECONDS) {
    const where =
      dt > clock
        ? `more than ${DT_AHEAD_SECONDS / 3600} hour ahead of`
        : `more than ${DT_BEHIND_SECONDS / 86_400} days behind`;
    throw new Implausible(
      `dt is ${iso(dt)}, ${where} this machine's clock (${iso(clock)})`,
      "check this machine's clock",
    );
  }
  const { sunrise, sunset } = observation.sys;
  for (const [member, value] of [
    ['sys.sunrise', sunrise],
    ['sys.sunset', sunset],
  ] as const) {
    if (value !== undefined && value !== 0 && Math.abs(value - dt) > SUN_FROM_DT_SECONDS) {
      throw new Implausible(
        `${member} is ${iso(value)}, more than half a year from dt (${iso(dt)})`,
      );
    }
  }
}
