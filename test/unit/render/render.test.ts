import { describe, expect, it } from 'vitest';
import { decodeJsonObservation } from '../../../src/client/decode/json.js';
import type { Decoded, Observation } from '../../../src/core/observation.js';
import { makeChalk } from '../../../src/render/colour.js';
import { labelsFor } from '../../../src/render/labels.js';
import type { RenderContext } from '../../../src/render/format.js';
import { renderSummary } from '../../../src/render/summary.js';
import { renderTable } from '../../../src/render/table.js';
import { truth } from '../../helpers/fixtures.js';

const zocca: Decoded = {
  observation: decodeJsonObservation(truth('owmdocs_current_zocca_rain1h_gust.json')),
  units: 'standard',
  simulated: false,
};

/** Only the required members: everything optional must simply not be shown. */
const bare: Decoded = {
  observation: {
    coord: { lon: -140, lat: 0 },
    weather: [{ id: 800, main: 'Clear', description: 'clear sky', icon: '01n' }],
    main: { temp: 24.5, pressure: 1012, humidity: 80 },
    wind: { speed: 3 },
    dt: 1767268800,
    sys: {},
    name: '',
  },
  units: 'metric',
  simulated: false,
};

function context(tty: boolean, now = (zocca.observation.dt + 300) * 1000): RenderContext {
  return {
    chalk: makeChalk(tty ? 1 : 0),
    tty,
    columns: 80,
    now,
    labels: labelsFor('en'),
    charset: 'unicode',
    pressureUnit: 'hPa',
  };
}

describe('table', () => {
  it('renders on a terminal with borders and colour (table_tty)', () => {
    expect(renderTable(zocca, context(true))).toBe(
      [
        '┌─────────────┬──────────────────────────────────────┐',
        '│ \u001b[36mPlace\u001b[39m       │ \u001b[1mZocca, IT\u001b[22m                            │',
        '│ \u001b[36mCoordinates\u001b[39m │ 44.34, 10.99                         │',
        '│ \u001b[36mObserved\u001b[39m    │ 2022-08-30 16:43 (UTC+02:00), 5m ago │',
        '│ \u001b[36mConditions\u001b[39m  │ Moderate rain                        │',
        '│ \u001b[36mTemperature\u001b[39m │ \u001b[33m298.5 K\u001b[39m, feels like 298.7 K          │',
        '│ \u001b[36mMin / max\u001b[39m   │ 297.6 K / 300.1 K                    │',
        '│ \u001b[36mWind\u001b[39m        │ 0.6 m/s from N (349°), gusts 1.2 m/s │',
        '│ \u001b[36mHumidity\u001b[39m    │ 64%                                  │',
        '│ \u001b[36mPressure\u001b[39m    │ 1015 hPa                             │',
        '│ \u001b[36mClouds\u001b[39m      │ 100%                                 │',
        '│ \u001b[36mVisibility\u001b[39m  │ 10 km                                │',
        '│ \u001b[36mRain\u001b[39m        │ 3.16 mm in the last hour             │',
        '│ \u001b[36mSunrise\u001b[39m     │ 06:36                                │',
        '│ \u001b[36mSunset\u001b[39m      │ 19:57                                │',
        '└─────────────┴──────────────────────────────────────┘',
        '',
      ].join('\n'),
    );
  });

  it('renders plain aligned columns on a pipe (table_pipe)', () => {
    expect(renderTable(zocca, context(false))).toBe(
      [
        'Place        Zocca, IT',
        'Coordinates  44.34, 10.99',
        'Observed     2022-08-30 16:43 (UTC+02:00)',
        'Conditions   Moderate rain',
        'Temperature  298.5 K, feels like 298.7 K',
        'Min / max    297.6 K / 300.1 K',
        'Wind         0.6 m/s from N (349°), gusts 1.2 m/s',
        'Humidity     64%',
        'Pressure     1015 hPa',
        'Clouds       100%',
        'Visibility   10 km',
        'Rain         3.16 mm in the last hour',
        'Sunrise      06:36',
        'Sunset       19:57',
        '',
      ].join('\n'),
    );
  });

  it('leaves out what the response does not have', () => {
    expect(renderTable(bare, context(false))).toBe(
      [
        'Place        0, -140',
        'Coordinates  0, -140',
        'Observed     2026-01-01 12:00 (UTC)',
        'Conditions   Clear sky',
        'Temperature  24.5 °C',
        'Wind         3 m/s',
        'Humidity     80%',
        'Pressure     1012 hPa',
        '',
      ].join('\n'),
    );
  });

  it('wraps long values to the terminal width', () => {
    const long: Decoded = {
      ...bare,
      observation: {
        ...bare.observation,
        name: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
      },
    };
    const lines = renderTable(long, { ...context(true), chalk: makeChalk(0), columns: 50 }).split(
      '\n',
    );
    expect(lines.slice(0, 4)).toEqual([
      '┌─────────────┬──────────────────────────────────┐',
      '│ Place       │ Llanfairpwllgwyngyllgogerychwyrn │',
      '│             │ drobwllllantysiliogogogoch       │',
      '│ Coordinates │ 0, -140                          │',
    ]);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(50);
  });
});

describe('summary', () => {
  it('says how long ago on a terminal (summary_tty)', () => {
    expect(renderSummary(zocca, context(true))).toBe(
      [
        '\u001b[1mZocca, IT\u001b[22m, observed 2022-08-30 16:43 (UTC+02:00), 5m ago',
        'Moderate rain, \u001b[33m298.5 K\u001b[39m, feels like 298.7 K',
        'Wind 0.6 m/s from N (349°), gusts 1.2 m/s',
        'Humidity 64%, pressure 1015 hPa',
        'Rain 3.16 mm in the last hour',
        'Sunrise 06:36, sunset 19:57',
        '',
      ].join('\n'),
    );
  });

  it('depends on the response alone on a pipe (summary_pipe)', () => {
    const text = renderSummary(zocca, context(false));
    expect(text).toBe(
      [
        'Zocca, IT, observed 2022-08-30 16:43 (UTC+02:00)',
        'Moderate rain, 298.5 K, feels like 298.7 K',
        'Wind 0.6 m/s from N (349°), gusts 1.2 m/s',
        'Humidity 64%, pressure 1015 hPa',
        'Rain 3.16 mm in the last hour',
        'Sunrise 06:36, sunset 19:57',
        '',
      ].join('\n'),
    );
    expect(renderSummary(zocca, context(false, 0))).toBe(text);
  });

  it('marks simulated data and polar night', () => {
    const polar: Observation = {
      ...bare.observation,
      base: 'simulated',
      name: 'Longyearbyen',
      coord: { lat: 78.22, lon: 15.65 },
      sys: { country: 'SJ', sunrise: 0, sunset: 0 },
      timezone: 3600,
      snow: { '1h': 0.4, '3h': 1.1 },
    };
    expect(
      renderSummary({ observation: polar, units: 'imperial', simulated: true }, context(false)),
    ).toBe(
      [
        'Longyearbyen, SJ, observed 2026-01-01 13:00 (UTC+01:00)',
        'Clear sky, 24.5 °F',
        'Wind 3 mph',
        'Humidity 80%, pressure 1012 hPa',
        'Snow 0.02 in in the last hour',
        'No sunrise or sunset today (polar night)',
        'Simulated by the embedded model, not a real observation',
        '',
      ].join('\n'),
    );
  });

  it('renders both conditions when there are two', () => {
    const sydney = decodeJsonObservation(
      truth('ramola1808_current_sydney_metric_two_conditions_rain1h.json'),
    );
    expect(
      renderSummary(
        { observation: sydney, units: 'metric', simulated: false },
        context(false),
      ).split('\n')[1],
    ).toBe('Light rain, light intensity drizzle, 12.3 °C, feels like 7.4 °C');
  });
});
