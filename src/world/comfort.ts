import { clamp } from './geo.js';

/**
 * Apparent temperature: wind chill in the cold (Environment Canada / NWS 2001 formula), the heat
 * index in humid heat (NWS Rothfusz regression), the air temperature in between. Each is faded in
 * over a few degrees so the value never jumps as the weather changes.
 */
function windChillC(tempC: number, windKmH: number): number {
  const p = Math.pow(windKmH, 0.16);
  return 13.12 + 0.6215 * tempC - 11.37 * p + 0.3965 * tempC * p;
}

function heatIndexC(tempC: number, humidity: number): number {
  const f = tempC * 1.8 + 32;
  const simple = 0.5 * (f + 61 + (f - 68) * 1.2 + humidity * 0.094);
  let hi = simple;
  if ((simple + f) / 2 >= 80) {
    hi =
      -42.379 +
      2.04901523 * f +
      10.14333127 * humidity -
      0.22475541 * f * humidity -
      0.00683783 * f * f -
      0.05481717 * humidity * humidity +
      0.00122874 * f * f * humidity +
      0.00085282 * f * humidity * humidity -
      0.00000199 * f * f * humidity * humidity;
    if (humidity < 13 && f >= 80 && f <= 112) {
      hi -= ((13 - humidity) / 4) * Math.sqrt((17 - Math.abs(f - 95)) / 17);
    } else if (humidity > 85 && f >= 80 && f <= 87) {
      hi += ((humidity - 85) / 10) * ((87 - f) / 5);
    }
  }
  return (hi - 32) / 1.8;
}

export function feelsLikeC(tempC: number, humidity: number, windSpeed: number): number {
  const windKmH = windSpeed * 3.6;
  const chillWeight = clamp((14 - tempC) / 4, 0, 1) * clamp((windKmH - 4.8) / 3, 0, 1);
  const heatWeight = clamp((tempC - 26) / 2, 0, 1);
  let feels = tempC;
  if (chillWeight > 0) feels += chillWeight * (Math.min(tempC, windChillC(tempC, windKmH)) - tempC);
  if (heatWeight > 0) feels += heatWeight * (Math.max(tempC, heatIndexC(tempC, humidity)) - tempC);
  return feels;
}
