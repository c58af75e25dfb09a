export const UNITS = ['standard', 'metric', 'imperial'] as const;
export type Units = (typeof UNITS)[number];

export const MODES = ['json', 'xml', 'html'] as const;
export type Mode = (typeof MODES)[number];

export function isUnits(value: string): value is Units {
  return (UNITS as readonly string[]).includes(value);
}

export function isMode(value: string): value is Mode {
  return (MODES as readonly string[]).includes(value);
}

/** Symbols shown to people next to a temperature. */
export const TEMP_SYMBOL: Readonly<Record<Units, string>> = {
  standard: 'K',
  metric: '°C',
  imperial: '°F',
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

export const SPEED_UNIT: Readonly<Record<Units, string>> = {
  standard: 'm/s',
  metric: 'm/s',
  imperial: 'mph',
};

export const METERS_PER_MILE = 1609.344;
export const MM_PER_INCH = 25.4;
export const INHG_PER_HPA = 0.029529983071445;

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

/** Rounds to `digits` decimals, the way the API prints numbers (no trailing zeros, no -0). */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}
