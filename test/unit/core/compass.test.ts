import { describe, expect, it } from 'vitest';
import { compass, windSpeedName } from '../../../src/core/compass.js';
import { cloudConditionId, CONDITIONS } from '../../../src/core/conditions.js';
import { toMetersPerSecond } from '../../../src/core/units.js';
import { tsv } from '../../helpers/fixtures.js';

describe('compass matches every direction seen in real XML', () => {
  const [, ...rows] = tsv('xml_wind_direction_names_observed.tsv');
  it.each(rows.map(([deg = '', code = '', name = '']) => [Number(deg), code, name] as const))(
    '%s° → %s %s',
    (deg, code, name) => {
      expect(compass(deg)).toEqual({ code, name });
    },
  );

  it.each([
    [0, 'N'],
    [11.24, 'N'],
    [11.25, 'NNE'],
    [112.5, 'ESE'],
    [337.5, 'NNW'],
    [348.74, 'NNW'],
    [348.75, 'N'],
    [359.9, 'N'],
    [360, 'N'],
    [-22.5, 'NNW'],
    [720 + 90, 'E'],
  ])('%s° → %s at the sector edges', (deg, code) => {
    expect(compass(deg).code).toBe(code);
  });

  // The real samples do not show every point; these are the service's spellings for the rest.
  it.each([
    [0, 'N', 'North'],
    [22.5, 'NNE', 'North-northeast'],
    [45, 'NE', 'NorthEast'],
    [67.5, 'ENE', 'East-northeast'],
    [90, 'E', 'East'],
    [112.5, 'ESE', 'East-southeast'],
    [135, 'SE', 'SouthEast'],
    [157.5, 'SSE', 'South-southeast'],
    [180, 'S', 'South'],
    [202.5, 'SSW', 'South-southwest'],
    [225, 'SW', 'Southwest'],
    [247.5, 'WSW', 'West-southwest'],
    [270, 'W', 'West'],
    [292.5, 'WNW', 'West-northwest'],
    [315, 'NW', 'Northwest'],
    [337.5, 'NNW', 'North-northwest'],
  ])('%s° → %s %s', (deg, code, name) => {
    expect(compass(deg)).toEqual({ code, name });
  });

  it.each([NaN, Infinity, -Infinity])('%s° (no direction) → North', (deg) => {
    expect(compass(deg)).toEqual({ code: 'N', name: 'North' });
  });
});

describe('windSpeedName follows the Beaufort scale in m/s', () => {
  // Rows where the unit is known; the 2014/2017 imperial rows named mph values as if m/s (an old
  // bug of the service) and the empty daily-forecast name are not the behaviour to copy.
  const [, ...rows] = tsv('xml_wind_speed_names_observed.tsv');
  const trusted = rows.filter(
    ([, units = '', , name = '', , year = '']) =>
      (units === 'standard' || units === 'metric' || (units === 'imperial' && year === '2021')) &&
      name !== '(empty string "")',
  );

  it('keeps most observations', () => {
    expect(trusted.length).toBe(37);
  });

  it.each(
    trusted.map(([value = '', units = '', , name = '']) => [Number(value), units, name] as const),
  )('%s (%s) → %s', (value, units, name) => {
    const metersPerSecond = toMetersPerSecond(units === 'imperial' ? 'imperial' : 'metric', value);
    expect(windSpeedName(metersPerSecond)).toBe(name);
  });

  it.each([
    [0, 'Calm'],
    [1.59, 'Calm'],
    [1.6, 'Light breeze'],
    [3.39, 'Light breeze'],
    [3.4, 'Gentle Breeze'],
    [5.5, 'Moderate breeze'],
    [8, 'Fresh Breeze'],
    [10.8, 'Strong breeze'],
    [13.9, 'High wind, near gale'],
    [17.2, 'Gale'],
    [20.8, 'Severe Gale'],
    [24.5, 'Storm'],
    [28.5, 'Violent Storm'],
    [32.7, 'Hurricane'],
    [80, 'Hurricane'],
  ])('%s m/s → %s', (mps, name) => {
    expect(windSpeedName(mps)).toBe(name);
  });
});

describe('cloud cover names', () => {
  const [, ...rows] = tsv('xml_clouds_names_observed.tsv');
  const english = rows.filter(
    ([, name = '', lang = '']) => lang === 'en' && name !== 'sky is clear',
  );
  it.each(english.map(([value = '', name = '']) => [Number(value), name] as const))(
    '%s%% → %s',
    (value, name) => {
      expect(CONDITIONS.get(cloudConditionId(value))?.description).toBe(name);
    },
  );

  it.each([
    [0, 800],
    [10, 800],
    [11, 801],
    [24, 801],
    [25, 802],
    [50, 802],
    [51, 803],
    [84, 803],
    [85, 804],
    [100, 804],
  ])('%s%% → %s', (value, id) => {
    expect(cloudConditionId(value)).toBe(id);
  });
});

describe('condition table', () => {
  const [, ...rows] = tsv('conditions.tsv');
  it.each(
    rows.map(
      ([id = '', main = '', doc = '', day = '', night = '']) =>
        [Number(id), main, doc, day, night] as const,
    ),
  )('%s %s', (id, main, doc, day) => {
    const condition = CONDITIONS.get(id);
    expect(condition?.main).toBe(main);
    expect(condition?.icon).toBe(day);
    // The live service writes descriptions in lower case and without the documented percentages.
    expect(condition?.description).toBe(doc.replace(/: .*$/, '').toLowerCase().replace('/ ', '/'));
  });

  it('has exactly the documented codes', () => {
    expect([...CONDITIONS.keys()]).toEqual(rows.map(([id = '']) => Number(id)));
  });
});
