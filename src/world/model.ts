import { round } from '../core/units.js';
import type { Climatology } from './climatology.js';
import { feelsLikeC } from '../core/comfort.js';
import { chooseCondition } from './condition.js';
import { clamp, normalizeLon } from './geo.js';
import { hash01 } from './noise.js';
import { nameRadiusKm, type PlaceIndex, type PlaceMatch } from './places.js';
import { sunAt } from './sun.js';
import { utcOffsetSeconds, zoneAt, type UtcOffsets } from './timezone.js';
import type { PrecipitationVolume, World, WorldObservation } from './types.js';
import { synthesize, type Weather } from './weather.js';

/** Barometric formula (ICAO standard atmosphere): pressure at `elevationM` from sea level. */
function groundPressure(seaLevelHpa: number, elevationM: number): number {
  return seaLevelHpa * Math.pow(1 - 2.25577e-5 * clamp(elevationM, -500, 8000), 5.25588);
}

/**
 * The simulated station: per place (or per 1° cell at sea), so the same place always reports
 * through the same station. Type 1 and 2 are the two kinds of `sys.type` the live service shows.
 */
function stationFor(match: PlaceMatch, lat: number, lon: number): WorldObservation['station'] {
  const cell = (Math.floor(lat) + 90) * 360 + Math.floor(lon) + 180;
  const [key, seed] = match.place.id > 0 ? [match.place.id, 909] : [cell, 919];
  const type = hash01(key, 1, seed) < 0.3 ? 1 : 2;
  const pick = hash01(key, 2, seed);
  return {
    type,
    id: type === 1 ? 1000 + Math.floor(pick * 9000) : 2_000_000 + Math.floor(pick * 99_999),
  };
}

/**
 * Station-to-station spread behind temp_min/temp_max: the live service reports 1–4 °C across a
 * city (Berlin 11.67–13.89 around 12.73, San Mateo 5.6 °C on a sunny day), none over a village or
 * the sea. It is widest on clear days, when the sun heats the city's parts unevenly.
 */
function temperatureSpread(
  population: number,
  w: Weather,
  isDay: boolean,
  pick: number,
): { below: number; above: number } {
  const size = clamp(Math.log10(Math.max(population, 1000) / 1000) / 3.5, 0, 1);
  const sunny = isDay ? 1 - w.cloudiness : 0.3 * (1 - w.cloudiness);
  const spread = Math.min(4.5, (0.1 + 2.2 * size) * (0.65 + 0.7 * sunny));
  const share = 0.25 + 0.5 * pick;
  return { below: spread * share, above: spread * (1 - share) };
}

function volume(rateMmH: number, pick: number): PrecipitationVolume {
  return { h1: round(rateMmH), h3: round(rateMmH * (1.4 + 1.6 * pick)) };
}

/** The name of a GeoNames place in a language other than English; undefined where none is known. */
export type LocalName = (id: number, lang: string) => Promise<string | undefined>;

export function createWorld(
  places: PlaceIndex,
  climatology: Climatology,
  utcOffset: UtcOffsets = utcOffsetSeconds,
  localName: LocalName = () => Promise.resolve(undefined),
): World {
  return {
    async nameIn(place, lang) {
      // English is the places index's own: no file is read for it, nor for a point nobody names.
      if (lang === 'en' || place.id === 0) return place.name;
      return (await localName(place.id, lang)) ?? place.name;
    },
    observe(latitude: number, longitude: number, dt: number): WorldObservation {
      const lat = clamp(latitude, -90, 90);
      const lon = normalizeLon(longitude);
      const land = climatology.land(lat, lon);
      const match = places.nearest(lat, lon, nameRadiusKm(land));
      const zone = zoneAt(lat, lon, match, land);
      const timezoneOffset = utcOffset(zone, dt);
      const sun = sunAt(lat, lon, dt, timezoneOffset);
      const climate = climatology.at(lat, lon, dt, undefined, land);
      const weather = synthesize({ lat, lon, dt, climate });
      const clouds = Math.round(weather.cloudiness * 100);
      const sky = chooseCondition(weather, clouds, {
        lat,
        lon,
        dt,
        climate,
        population: match.population,
      });
      const pick = hash01(
        Math.floor(lat * 100) * 36000 + Math.floor(lon * 100),
        Math.floor(dt / 3600),
        77,
      );

      const tempC = round(weather.tempC);
      const spread = temperatureSpread(match.population, weather, sun.isDay, pick);
      const windSpeed = round(weather.windSpeed);
      const gusty = windSpeed >= 2 || sky.conditionId < 300 || sky.conditionId === 771;
      const precipitation = sky.precipitation;
      return {
        place: match.place,
        zone,
        timezoneOffset,
        dt,
        sunrise: sun.sunrise,
        sunset: sun.sunset,
        isDay: sun.isDay,
        tempC,
        feelsLikeC: round(feelsLikeC(weather.tempC, weather.humidity, weather.windSpeed)),
        tempMinC: round(weather.tempC - spread.below),
        tempMaxC: round(weather.tempC + spread.above),
        pressure: Math.round(weather.pressureHpa),
        grndLevel: Math.round(groundPressure(weather.pressureHpa, climate.elevationM)),
        humidity: Math.round(weather.humidity),
        visibility: Math.round(clamp(sky.visibility, 0, 10000)),
        windSpeed,
        windDeg: Math.round(weather.windFromDeg) % 360,
        ...(gusty
          ? { windGust: Math.max(round(windSpeed * weather.gustFactor), round(windSpeed + 0.01)) }
          : {}),
        clouds,
        conditionId: sky.conditionId,
        ...(precipitation?.kind === 'rain' ? { rain: volume(precipitation.rateMmH, pick) } : {}),
        ...(precipitation?.kind === 'snow' ? { snow: volume(precipitation.rateMmH, pick) } : {}),
        station: stationFor(match, lat, lon),
      };
    },
  };
}
