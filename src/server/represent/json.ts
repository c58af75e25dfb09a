import { SIMULATED_BASE, type Observation, type Precipitation } from '../../core/observation.js';
import type { PrecipitationVolume } from '../../world/types.js';
import type { Presented } from './present.js';

function volume(precipitation: PrecipitationVolume): Precipitation {
  return { '1h': precipitation.h1, '3h': precipitation.h3 };
}

/** The JSON representation, members in the live service's order, compact like its bytes. */
export function renderJson(p: Presented): Buffer {
  const w = p.world;
  const body = {
    coord: { lon: p.lon, lat: p.lat },
    weather: [p.condition],
    base: SIMULATED_BASE,
    main: {
      temp: p.temp,
      feels_like: p.feelsLike,
      temp_min: p.tempMin,
      temp_max: p.tempMax,
      pressure: w.pressure,
      humidity: w.humidity,
      sea_level: w.pressure,
      grnd_level: w.grndLevel,
    },
    visibility: w.visibility,
    wind: {
      speed: p.windSpeed,
      deg: w.windDeg,
      ...(p.windGust === undefined ? {} : { gust: p.windGust }),
    },
    ...(w.rain ? { rain: volume(w.rain) } : {}),
    ...(w.snow ? { snow: volume(w.snow) } : {}),
    clouds: { all: w.clouds },
    dt: w.dt,
    sys: {
      type: w.station.type,
      id: w.station.id,
      message: 0,
      ...(w.place.country === undefined ? {} : { country: w.place.country }),
      sunrise: w.sunrise,
      sunset: w.sunset,
    },
    timezone: w.timezoneOffset,
    id: w.place.id,
    name: w.place.name,
    cod: 200,
  } satisfies Observation;
  return Buffer.from(JSON.stringify(body), 'utf8');
}
