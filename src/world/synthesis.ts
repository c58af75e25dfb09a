import type { Climate } from './climate.js';
import { diurnalCycle } from './diurnal.js';
import { clamp, lerp, RAD, smoothstep } from './geo.js';
import { sampleNoise, type NoiseField } from './noise.js';

/**
 * Weather for a coordinate and an instant: smooth noise fields (noise.ts) stand for weather
 * systems of three sizes: synoptic highs and lows (~1000 km, days), mesoscale bands (~200 km,
 * hours) and convective cells (~60 km, a couple of hours). They drive cloud, precipitation,
 * pressure and wind together, so the values agree with each other: low pressure brings cloud and
 * rain, rain brings humid air, clear calm nights cool most. Unrounded; model.ts rounds.
 */

/** Weather systems travel east with the westerlies and west with the trade winds. */
function driftDegPerDay(lat: number): number {
  const a = Math.abs(lat);
  return 10 * smoothstep(20, 40, a) * (1 - smoothstep(65, 85, a)) - 4 * (1 - smoothstep(10, 25, a));
}

const HOUR = 3600;
const DAY = 86400;
const field = (seed: number, scaleKm: number, periodSeconds: number): NoiseField => ({
  seed,
  scaleKm,
  periodSeconds,
  driftDegPerDay,
});
const SYNOPTIC = field(101, 1100, 3.5 * DAY);
const MESO = field(202, 220, 9 * HOUR);
const CONVECTIVE = field(303, 60, 2.5 * HOUR);
const WARMTH = field(404, 1600, 6 * DAY);
const MOISTURE = field(505, 450, 30 * HOUR);
const WIND_U = field(606, 900, 2 * DAY);
const WIND_V = field(707, 900, 2 * DAY);
const LOCAL = field(808, 40, 3 * HOUR);

export interface Weather {
  readonly tempC: number;
  /** Relative humidity, percent (0 … 100, unrounded). */
  readonly humidity: number;
  /** Temperature minus dew point, °C. */
  readonly dewDepressionC: number;
  /** Cloud cover 0 … 1. */
  readonly cloudiness: number;
  /** Liquid-equivalent precipitation rate, mm/h (0 when dry). */
  readonly precipRate: number;
  /** 0 … 1: how showery/convective the situation is. */
  readonly convection: number;
  /** Sea-level pressure, hPa. */
  readonly pressureHpa: number;
  /** m/s */
  readonly windSpeed: number;
  /** Direction the wind comes from, degrees [0, 360). */
  readonly windFromDeg: number;
  /** Gust as a multiple of the mean wind (> 1). */
  readonly gustFactor: number;
  /** Small-scale smooth jitter 0 … 1 for choices that should vary from place to place. */
  readonly local: number;
}

export interface SynthesisInput {
  readonly lat: number;
  readonly lon: number;
  readonly dt: number;
  readonly climate: Climate;
  /** 0 sea … 1 land. */
  readonly land: number;
  readonly sunAltitudeDeg: number;
}

function relativeHumidity(tempC: number, dewPointC: number): number {
  // Magnus formula, saturation over water.
  const gamma = (t: number): number => (17.625 * t) / (243.04 + t);
  return clamp(100 * Math.exp(gamma(dewPointC) - gamma(tempC)), 0, 100);
}

export function synthesize(input: SynthesisInput): Weather {
  const { lat, lon, dt, climate, land } = input;
  const absLat = Math.abs(lat);
  const noise = (f: NoiseField): number => sampleNoise(f, lat, lon, dt);
  const synoptic = noise(SYNOPTIC);
  const meso = noise(MESO);
  const convective = (noise(CONVECTIVE) + 1) / 2;
  const moisture = (noise(MOISTURE) + 1) / 2;
  const local = (noise(LOCAL) + 1) / 2;

  // Climatological cloudiness: deserts and subtropical highs clear, the ITCZ and storm tracks
  // cloudy. The ITCZ follows the sun, north in July and south in January.
  const northWinter = lat >= 0 ? climate.winterness : -climate.winterness;
  const itcz = 1 - smoothstep(0, 12, Math.abs(lat - (5 - 8 * northWinter)));
  const stormTrack = smoothstep(35, 50, absLat) * (1 - smoothstep(65, 78, absLat));
  const subtropics = 1 - smoothstep(0, 12, Math.abs(absLat - 27));
  // Winter highs over the continents (Siberia, Canada) are cold and mostly clear.
  const winterHigh =
    climate.continentality * smoothstep(35, 50, absLat) * Math.max(0, climate.winterness);
  const bias =
    0.3 * itcz +
    0.25 * stormTrack -
    0.2 * subtropics * (1 - land) -
    1.1 * climate.aridity -
    0.4 * winterHigh;
  const systems = 0.9 * synoptic + 0.6 * meso + bias;
  const showers = systems + 0.35 * (2 * convective - 1);
  // DTR and precipitation cooling use the cloud of the larger systems only, so the temperature
  // does not flicker with every passing shower.
  const broadCloud = clamp(0.5 + 0.6 * systems, 0, 1);
  const cloudiness = clamp(0.5 + 0.6 * showers, 0, 1);

  // Temperature: climate + a slow warm/cold anomaly + the daily cycle + rain cooling.
  const cycle = diurnalCycle(lat, lon, dt);
  const anomalySpread =
    (1.2 + 3.3 * smoothstep(10, 60, absLat) * (0.5 + 0.5 * land)) *
    (0.75 + 0.45 * Math.max(0, climate.winterness));
  const dailyRange = (2 + 9 * land + 5 * climate.aridity) * cycle.swing * (1 - 0.7 * broadCloud);
  // It rains only under the thickest part of the cloud: 5–15 % of hours in temperate and
  // tropical climates (most in the storm tracks), almost never in deserts.
  const wetness = clamp((showers - 0.95) / 0.6, 0, 1);
  const broadWetness = clamp((systems - 0.95) / 0.6, 0, 1);
  const tempC =
    climate.normalC +
    anomalySpread * noise(WARMTH) +
    (dailyRange / 2) * cycle.phase -
    1.5 * broadWetness;

  // Precipitation: warm air holds more water, so the same storm rains harder in the tropics.
  const maxRate = clamp(2.5 * Math.exp((tempC - 5) / 15), 0.15, 30);
  const precipRate = maxRate * wetness * wetness;

  // Humidity from the dew-point depression: small under cloud and rain and at dawn, large in
  // dry climates and in the afternoon (the dew point barely follows the daily warming).
  const baseDepression =
    (2.5 + 4 * climate.continentality + 14 * climate.aridity) *
    (0.35 + 0.65 * (1 - broadCloud)) *
    (0.5 + moisture) *
    (1 - 0.75 * Math.min(1, wetness * 3));
  const dewDepressionC = baseDepression + 0.8 * (dailyRange / 2) * (cycle.phase + 1);
  const humidity = relativeHumidity(tempC, tempC - dewDepressionC);

  // Pressure: subtropical highs, subpolar lows, winter highs over continents, and the systems.
  const subpolar = 1 - smoothstep(0, 15, Math.abs(absLat - 62));
  const continentalHigh =
    climate.continentality *
    smoothstep(30, 45, absLat) *
    (14 * Math.max(0, climate.winterness) - 5 * Math.max(0, -climate.winterness));
  const pressureSwing = 3 + 13 * smoothstep(15, 50, absLat);
  const pressureHpa = clamp(
    1013 + 5 * subtropics - 7 * subpolar + continentalHigh - pressureSwing * synoptic - 2 * meso,
    985,
    1040,
  );

  // Wind: the prevailing belt (trades, westerlies) plus the systems' own circulation; calmer over
  // land, calmest on clear land nights.
  const prevailingU = -Math.cos(3 * lat * RAD);
  const prevailingV = -0.6 * Math.sin(2 * lat * RAD) * (1 - smoothstep(25, 35, absLat));
  const u = 0.55 * prevailingU + 0.75 * noise(WIND_U);
  const v = 0.55 * prevailingV + 0.75 * noise(WIND_V);
  const night = 1 - smoothstep(-6, 10, input.sunAltitudeDeg);
  const windiness =
    lerp(8, 4.8, land) *
    (0.8 + 0.4 * stormTrack) *
    (0.85 + 0.35 * Math.max(0, synoptic)) *
    (1 - 0.35 * land * night);
  const windSpeed = clamp(windiness * Math.hypot(u, v) + 3 * wetness * convective, 0, 40);
  const windFromDeg = (((Math.atan2(-u, -v) / RAD) % 360) + 360) % 360;
  const gustFactor = 1.25 + 0.35 * local + 0.4 * convective * wetness;

  return {
    tempC,
    humidity,
    dewDepressionC,
    cloudiness,
    precipRate,
    convection: convective,
    pressureHpa,
    windSpeed,
    windFromDeg,
    gustFactor,
    local,
  };
}
