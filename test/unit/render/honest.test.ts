import { describe, expect, it } from 'vitest';
import type { Decoded, Observation } from '../../../src/core/observation.js';
import { makeChalk } from '../../../src/render/colour.js';
import type { RenderContext } from '../../../src/render/format.js';
import { labelsFor } from '../../../src/render/labels.js';
import { polarState } from '../../../src/render/polar.js';
import { renderSummary } from '../../../src/render/summary.js';
import { renderTable } from '../../../src/render/table.js';
import { parseTemplate } from '../../../src/render/template.js';
import { renderTemplate } from '../../../src/render/template-render.js';

const JAN_1 = Date.UTC(2026, 0, 1, 12) / 1000;
const JUN_21 = Date.UTC(2026, 5, 21, 12) / 1000;

function observed(overrides: Partial<Observation>, units: Decoded['units'] = 'metric'): Decoded {
  return {
    observation: {
      coord: { lon: 11, lat: 44 },
      weather: [{ id: 800, main: 'Clear', description: 'clear sky', icon: '01d' }],
      main: { temp: 5, pressure: 1012, humidity: 80 },
      wind: { speed: 3 },
      dt: JAN_1,
      sys: {},
      timezone: 3600,
      name: 'Modena',
      ...overrides,
    },
    units,
    simulated: false,
  };
}

const pipe: RenderContext = {
  chalk: makeChalk(0),
  tty: false,
  columns: 80,
  now: JAN_1 * 1000,
  labels: labelsFor('en'),
  charset: 'unicode',
  pressureUnit: 'hPa',
};

/** The summary's lines but the first (the place and time). */
function summary(d: Decoded): string[] {
  return renderSummary(d, pipe).split('\n').slice(1, -1);
}

describe('no small lies', () => {
  it.each([
    [-0.04, 'metric', 'Clear sky, 0.0 °C'],
    [-0.04, 'standard', 'Clear sky, 0.0 K'],
    [-0.05, 'imperial', 'Clear sky, -0.1 °F'],
  ] as const)('a temperature of %d (%s) that rounds to zero has no sign', (temp, units, line) => {
    expect(summary(observed({ main: { temp, pressure: 1012, humidity: 80 } }, units))[0]).toBe(
      line,
    );
  });

  it.each([
    [{ speed: 0, deg: 0 }, 'Wind 0 m/s'],
    [{ speed: 0.04, deg: 350 }, 'Wind 0 m/s'],
    [{ speed: 0, deg: 0, gust: 1.2 }, 'Wind 0 m/s, gusts 1.2 m/s'],
    [{ speed: -0.01 }, 'Wind 0 m/s'],
    [{ speed: 0.1, deg: 0 }, 'Wind 0.1 m/s from N (0°)'],
  ])('a calm (%j) comes from no direction', (wind, line) => {
    expect(summary(observed({ wind }))[1]).toBe(line);
  });

  it.each([
    [44, JAN_1, 'Sunrise and sunset unknown', 'unknown'],
    [78.2, JAN_1, 'No sunrise or sunset today (polar night)', 'none (polar night)'],
    [78.2, JUN_21, 'No sunrise or sunset today (polar day)', 'none (polar day)'],
    [-78.2, JAN_1, 'No sunrise or sunset today (polar day)', 'none (polar day)'],
    [-70, JUN_21, 'No sunrise or sunset today (polar night)', 'none (polar night)'],
  ])('sunrise = sunset = 0 at latitude %d on %i: %s', (lat, dt, line, cell) => {
    const d = observed({ coord: { lat, lon: 0 }, dt, sys: { sunrise: 0, sunset: 0 } });
    expect(summary(d).at(-1)).toBe(line);
    const rows = renderTable(d, pipe).split('\n');
    expect(rows.slice(-3)).toEqual([`Sunrise      ${cell}`, `Sunset       ${cell}`, '']);
  });

  it('decides polar day and night only where the date leaves no doubt', () => {
    expect(polarState(66.0, JUN_21)).toBe(undefined);
    expect(polarState(67.5, JUN_21)).toBe('day');
    expect(polarState(68.5, JAN_1)).toBe('night');
    expect(polarState(66.5, JAN_1)).toBe(undefined);
    expect(polarState(0, JUN_21)).toBe(undefined);
  });

  it('labels times UTC when the response has no timezone', () => {
    const { timezone: _, ...rest } = observed({
      sys: { sunrise: JAN_1 - 16000, sunset: JAN_1 + 13000 },
    }).observation;
    const d: Decoded = { observation: rest, units: 'metric', simulated: false };
    expect(renderSummary(d, pipe).split('\n')).toEqual([
      'Modena, observed 2026-01-01 12:00 (UTC)',
      'Clear sky, 5.0 °C',
      'Wind 3 m/s',
      'Humidity 80%, pressure 1012 hPa',
      'Sunrise 07:33 UTC, sunset 15:36 UTC',
      '',
    ]);
  });

  it('says how old the observation is in the table on a terminal, as in the summary', () => {
    const tty = { ...pipe, tty: true, now: (JAN_1 + 7500) * 1000 };
    const d = observed({});
    expect(renderTable(d, tty).split('\n')[3]).toBe(
      '│ Observed    │ 2026-01-01 13:00 (UTC+01:00), 2h 5m ago │',
    );
    expect(renderSummary(d, tty).split('\n')[0]).toBe(
      'Modena, observed 2026-01-01 13:00 (UTC+01:00), 2h 5m ago',
    );
  });

  it.each([
    ['{name|somewhere}', '', 'somewhere'],
    ['[{name:>9|somewhere}]', '', '[somewhere]'],
    ['{name|somewhere}', 'Modena', 'Modena'],
    ['[{name}]', '', '[]'],
  ])('%s with the name %j is %j', (template, name, expected) => {
    expect(renderTemplate(parseTemplate(template), observed({ name }), 0)).toBe(expected);
  });
});
