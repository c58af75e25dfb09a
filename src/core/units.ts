export const UNITS = ['standard', 'metric', 'imperial'] as const;
export type Units = (typeof UNITS)[number];

export const MODES = ['json', 'xml', 'html'] as const;
export type Mode = (typeof MODES)[number];

export function isUnits(value: string): value is Units {
  return (UNITS as readonly string[]).includes(value);
}

/** The unit of `choices` that `text` names, in any case (`c` → `C`, `KM/H` → `km/h`). */
export function unitNamed<T extends string>(choices: readonly T[], text: string): T | undefined {
  return choices.find((unit) => unit.toLowerCase() === text.trim().toLowerCase());
}

export function isMode(value: string): value is Mode {
  return (MODES as readonly string[]).includes(value);
}

/**
 * Units people may ask to see a quantity in, whatever unit system the API was asked for
 * (`--temp-unit`, `--wind-unit`); the numbers are converted after decoding.
 */
export const TEMP_UNITS = ['K', 'C', 'F'] as const;
export type TempUnit = (typeof TEMP_UNITS)[number];

/** `bft`: the force on the Beaufort scale (WMO), a whole number from 0 to 12. */
export const WIND_UNITS = ['m/s', 'km/h', 'mph', 'kn', 'bft'] as const;
export type WindUnit = (typeof WIND_UNITS)[number];

/** The temperature unit of the API's numbers in each unit system. */
export const API_TEMP_UNIT: Readonly<Record<Units, TempUnit>> = {
  standard: 'K',
  metric: 'C',
  imperial: 'F',
};

/** The speed unit of the API's numbers in each unit system. */
export const API_WIND_UNIT: Readonly<Record<Units, WindUnit>> = {
  standard: 'm/s',
  metric: 'm/s',
  imperial: 'mph',
};

/** Symbols shown to people next to a temperature. */
export const TEMP_UNIT_SYMBOL: Readonly<Record<TempUnit, string>> = { K: 'K', C: '°C', F: '°F' };

/** Symbols shown to people next to a wind speed (`4 Bft`). */
export const WIND_UNIT_SYMBOL: Readonly<Record<WindUnit, string>> = {
  'm/s': 'm/s',
  'km/h': 'km/h',
  mph: 'mph',
  kn: 'kn',
  bft: 'Bft',
};

/** The symbol of the API's temperatures in each unit system. */
export const TEMP_SYMBOL: Readonly<Record<Units, string>> = {
  standard: TEMP_UNIT_SYMBOL[API_TEMP_UNIT.standard],
  metric: TEMP_UNIT_SYMBOL[API_TEMP_UNIT.metric],
  imperial: TEMP_UNIT_SYMBOL[API_TEMP_UNIT.imperial],
};

/** Names the XML representation uses in `temperature unit`. */
export const TEMP_UNIT_NAME: Readonly<Record<Units, string>> = {
  standard: 'kelvin',
  metric: 'celsius',
  imperial: 'fahrenheit',
};

/**
 * The unit system of a temperature unit name in XML (`celsius`), also accepting the system's own
 * name (`metric`), as older responses wrote it.
 */
export function unitsOfTemperatureName(name: string): Units | undefined {
  const lower = name.toLowerCase();
  if (isUnits(lower)) return lower;
  return UNITS.find((units) => TEMP_UNIT_NAME[units] === lower);
}

/** The symbol of the API's speeds in each unit system. */
export const SPEED_UNIT: Readonly<Record<Units, string>> = {
  standard: WIND_UNIT_SYMBOL[API_WIND_UNIT.standard],
  metric: WIND_UNIT_SYMBOL[API_WIND_UNIT.metric],
  imperial: WIND_UNIT_SYMBOL[API_WIND_UNIT.imperial],
};

export const METERS_PER_MILE = 1609.344;
export const MM_PER_INCH = 25.4;
export const INHG_PER_HPA = 0.029529983071445;
export const METERS_PER_NAUTICAL_MILE = 1852;

/** How pressure is shown to people: the API's hPa, or inches of mercury (US weather reports). */
export const PRESSURE_UNITS = ['hPa', 'inHg'] as const;
export type PressureUnit = (typeof PRESSURE_UNITS)[number];

export function celsiusTo(units: Units, celsius: number): number {
  switch (units) {
    case 'standard':
      return celsius + 273.15;
    case 'metric':
      return celsius;
    case 'imperial':
      return (celsius * 9) / 5 + 32;
  }
}

export function metersPerSecondTo(units: Units, mps: number): number {
  return units === 'imperial' ? (mps * 3600) / METERS_PER_MILE : mps;
}

/** Speed in m/s from a value in the given unit system. */
export function toMetersPerSecond(units: Units, speed: number): number {
  return units === 'imperial' ? (speed * METERS_PER_MILE) / 3600 : speed;
}

/** A temperature of the given unit system in °C. */
export function toCelsius(units: Units, value: number): number {
  switch (units) {
    case 'standard':
      return value - 273.15;
    case 'metric':
      return value;
    case 'imperial':
      return ((value - 32) * 5) / 9;
  }
}

/** The unit system whose temperatures are in `unit`. */
const TEMP_UNIT_SYSTEM: Readonly<Record<TempUnit, Units>> = {
  K: 'standard',
  C: 'metric',
  F: 'imperial',
};

/** A temperature in `unit` in °C. */
export function celsiusFrom(unit: TempUnit, value: number): number {
  return toCelsius(TEMP_UNIT_SYSTEM[unit], value);
}

/** A temperature of the given unit system in `unit`, unrounded. */
export function temperatureIn(unit: TempUnit, units: Units, value: number): number {
  if (API_TEMP_UNIT[units] === unit) return value;
  return celsiusTo(TEMP_UNIT_SYSTEM[unit], toCelsius(units, value));
}

/**
 * Upper limits of Beaufort forces 0 to 11 in m/s (WMO code table 1100: 0–0.2 calm, 0.3–1.5 light
 * air, 1.6–3.3, 3.4–5.4, 5.5–7.9 … 28.5–32.6, then 32.7 and above), each the highest speed of its
 * force in tenths: 1.5 m/s is force 1, 1.6 m/s force 2; above 32.6 is force 12.
 */
export const BEAUFORT_LIMITS = [
  0.2, 1.5, 3.3, 5.4, 7.9, 10.7, 13.8, 17.1, 20.7, 24.4, 28.4, 32.6,
] as const;

/** The Beaufort force of a speed in m/s, read at the scale's precision of 0.1 m/s. */
export function beaufort(mps: number): number {
  const tenths = Math.round(mps * 10);
  const force = BEAUFORT_LIMITS.findIndex((limit) => tenths <= Math.round(limit * 10));
  return force < 0 ? BEAUFORT_LIMITS.length : force;
}

/** m/s in each speed unit; Beaufort has none (it is a scale of forces). */
const MPS_IN: Readonly<Record<Exclude<WindUnit, 'bft'>, number>> = {
  'm/s': 1,
  'km/h': 3.6,
  mph: 3600 / METERS_PER_MILE,
  kn: 3600 / METERS_PER_NAUTICAL_MILE,
};

/** A speed of the given unit system in `unit` (a Beaufort force for `bft`), unrounded. */
export function speedIn(unit: WindUnit, units: Units, value: number): number {
  if (API_WIND_UNIT[units] === unit) return value;
  const mps = toMetersPerSecond(units, value);
  return unit === 'bft' ? beaufort(mps) : mps * MPS_IN[unit];
}

/** Rounds to `digits` decimals, the way the API prints numbers (no trailing zeros, no -0). */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}
