import type { Observation, Precipitation, WeatherCondition } from '../../core/observation.js';
import {
  DecodeProblem,
  defined,
  isObject,
  number,
  object,
  optionalNumber,
  optionalObject,
  optionalString,
  string,
  type Json,
} from './fields.js';

function parse(body: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    throw new DecodeProblem('the body is not JSON');
  }
}

function precipitation(root: Json, key: 'rain' | 'snow'): Precipitation | undefined {
  const value = optionalObject(root, key, key);
  if (!value) return undefined;
  const volumes = defined({
    '1h': optionalNumber(value, '1h', `${key}.1h`),
    '3h': optionalNumber(value, '3h', `${key}.3h`),
  });
  return Object.keys(volumes).length === 0 ? undefined : volumes;
}

function conditions(root: Json): WeatherCondition[] {
  const list = root.weather;
  if (!Array.isArray(list) || list.length === 0)
    throw new DecodeProblem('missing or empty weather');
  return list.map((item: unknown, i) => {
    if (!isObject(item)) throw new DecodeProblem(`invalid weather.${i}`);
    return {
      id: number(item, 'id', `weather.${i}.id`),
      main: string(item, 'main', `weather.${i}.main`),
      description: string(item, 'description', `weather.${i}.description`),
      icon: string(item, 'icon', `weather.${i}.icon`),
    };
  });
}

/** A JSON observation, validated member by member; throws DecodeProblem when it is not one. */
export function decodeJsonObservation(body: Uint8Array): Observation {
  const root = parse(body);
  if (!isObject(root)) throw new DecodeProblem('the body is not a JSON object');
  const cod = root.cod;
  if (cod !== undefined && cod !== 200 && cod !== '200') {
    throw new DecodeProblem(`cod is ${JSON.stringify(cod)}, not 200`);
  }
  const coord = object(root, 'coord', 'coord');
  const main = object(root, 'main', 'main');
  const wind = object(root, 'wind', 'wind');
  const clouds = optionalObject(root, 'clouds', 'clouds');
  const sys = optionalObject(root, 'sys', 'sys') ?? {};
  const country = optionalString(sys, 'country', 'sys.country');
  const rain = precipitation(root, 'rain');
  const snow = precipitation(root, 'snow');
  return {
    coord: { lon: number(coord, 'lon', 'coord.lon'), lat: number(coord, 'lat', 'coord.lat') },
    weather: conditions(root),
    ...defined({ base: optionalString(root, 'base', 'base') }),
    main: {
      temp: number(main, 'temp', 'main.temp'),
      ...defined({
        feels_like: optionalNumber(main, 'feels_like', 'main.feels_like'),
        temp_min: optionalNumber(main, 'temp_min', 'main.temp_min'),
        temp_max: optionalNumber(main, 'temp_max', 'main.temp_max'),
      }),
      pressure: number(main, 'pressure', 'main.pressure'),
      humidity: number(main, 'humidity', 'main.humidity'),
      ...defined({
        sea_level: optionalNumber(main, 'sea_level', 'main.sea_level'),
        grnd_level: optionalNumber(main, 'grnd_level', 'main.grnd_level'),
      }),
    },
    ...defined({ visibility: optionalNumber(root, 'visibility', 'visibility') }),
    wind: {
      speed: number(wind, 'speed', 'wind.speed'),
      ...defined({
        deg: optionalNumber(wind, 'deg', 'wind.deg'),
        gust: optionalNumber(wind, 'gust', 'wind.gust'),
      }),
    },
    ...(clouds ? { clouds: { all: number(clouds, 'all', 'clouds.all') } } : {}),
    ...(rain ? { rain } : {}),
    ...(snow ? { snow } : {}),
    dt: number(root, 'dt', 'dt'),
    sys: defined({
      type: optionalNumber(sys, 'type', 'sys.type'),
      id: optionalNumber(sys, 'id', 'sys.id'),
      message: optionalNumber(sys, 'message', 'sys.message'),
      country: country === '' ? undefined : country,
      sunrise: optionalNumber(sys, 'sunrise', 'sys.sunrise'),
      sunset: optionalNumber(sys, 'sunset', 'sys.sunset'),
    }),
    ...defined({
      timezone: optionalNumber(root, 'timezone', 'timezone'),
      id: optionalNumber(root, 'id', 'id'),
    }),
    name: optionalString(root, 'name', 'name') ?? '',
    ...(cod === undefined ? {} : { cod: 200 }),
  };
}
