/**
 * Names the XML representation gives to wind direction, wind speed and cloud cover. The spellings
 * (NorthEast but Southwest, Gentle Breeze but Light breeze) are the live service's own.
 */
const DIRECTIONS: readonly (readonly [string, string])[] = [
  ['N', 'North'],
  ['NNE', 'North-northeast'],
  ['NE', 'NorthEast'],
  ['ENE', 'East-northeast'],
  ['E', 'East'],
  ['ESE', 'East-southeast'],
  ['SE', 'SouthEast'],
  ['SSE', 'South-southeast'],
  ['S', 'South'],
  ['SSW', 'South-southwest'],
  ['SW', 'Southwest'],
  ['WSW', 'West-southwest'],
  ['W', 'West'],
  ['WNW', 'West-northwest'],
  ['NW', 'Northwest'],
  ['NNW', 'North-northwest'],
];

/** 16-point compass code and name for a meteorological direction in degrees. */
export function compass(degrees: number): { code: string; name: string } {
  const normalized = ((degrees % 360) + 360) % 360;
  const index = Math.round(normalized / 22.5) % 16;
  const [code, name] = DIRECTIONS[index] ?? ['N', 'North'];
  return { code, name };
}

/**
 * Beaufort scale by lower bound in m/s. The live service calls everything below force 2 "Calm"
 * (0.62, 0.93 and 1.03 m/s were all observed as Calm), so force 1 has no name of its own here.
 */
const BEAUFORT: readonly (readonly [number, string])[] = [
  [32.7, 'Hurricane'],
  [28.5, 'Violent Storm'],
  [24.5, 'Storm'],
  [20.8, 'Severe Gale'],
  [17.2, 'Gale'],
  [13.9, 'High wind, near gale'],
  [10.8, 'Strong breeze'],
  [8.0, 'Fresh Breeze'],
  [5.5, 'Moderate breeze'],
  [3.4, 'Gentle Breeze'],
  [1.6, 'Light breeze'],
];

/** Wind speed name for a speed in m/s (whatever unit the response is in, the name follows m/s). */
export function windSpeedName(metersPerSecond: number): string {
  for (const [lowerBound, name] of BEAUFORT) {
    if (metersPerSecond >= lowerBound) return name;
  }
  return 'Calm';
}
