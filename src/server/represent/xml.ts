import { compass, windSpeedName } from '../../core/compass.js';
import { isoUtc } from '../../core/localtime.js';
import { SPEED_UNIT, TEMP_UNIT_NAME } from '../../core/units.js';
import type { XmlCurrentDocument } from '../../core/wire-xml.js';
import { encodeXml } from '../response.js';
import type { Presented } from './present.js';

function precipitation(p: Presented): NonNullable<XmlCurrentDocument['current']['precipitation']> {
  const { rain, snow } = p.world;
  const fall = rain ? { mode: 'rain', h1: rain.h1 } : snow ? { mode: 'snow', h1: snow.h1 } : null;
  if (!fall) return { '@_mode': 'no' };
  return { '@_value': fall.h1, '@_mode': fall.mode, '@_unit': '1h' };
}

/** The XML representation: root `current`, every element and attribute of the spec's table. */
export function renderXml(p: Presented): Promise<Buffer> {
  const w = p.world;
  const direction = compass(w.windDeg);
  const document = {
    current: {
      city: {
        '@_id': w.place.id,
        '@_name': w.place.name,
        coord: { '@_lon': p.lon, '@_lat': p.lat },
        country: w.place.country ?? '',
        timezone: w.timezoneOffset,
        sun: { '@_rise': isoUtc(w.sunrise), '@_set': isoUtc(w.sunset) },
      },
      temperature: {
        '@_value': p.temp,
        '@_min': p.tempMin,
        '@_max': p.tempMax,
        '@_unit': TEMP_UNIT_NAME[p.units],
      },
      feels_like: { '@_value': p.feelsLike, '@_unit': TEMP_UNIT_NAME[p.units] },
      humidity: { '@_value': w.humidity, '@_unit': '%' },
      pressure: { '@_value': w.pressure, '@_unit': 'hPa' },
      wind: {
        speed: {
          '@_value': p.windSpeed,
          '@_unit': SPEED_UNIT[p.units],
          '@_name': windSpeedName(w.windSpeed),
        },
        gusts: p.windGust === undefined ? '' : { '@_value': p.windGust },
        direction: { '@_value': w.windDeg, '@_code': direction.code, '@_name': direction.name },
      },
      clouds: { '@_value': w.clouds, '@_name': p.cloudsName },
      visibility: { '@_value': w.visibility },
      precipitation: precipitation(p),
      weather: {
        '@_number': p.condition.id,
        '@_value': p.condition.description,
        '@_icon': p.condition.icon,
      },
      lastupdate: { '@_value': isoUtc(w.dt) },
    },
  } satisfies XmlCurrentDocument;
  return encodeXml(document);
}
