import { describe, expect, it } from 'vitest';
import type { Decoded } from '../../../src/core/observation.js';
import type { PressureUnit, Units } from '../../../src/core/units.js';
import { makeChalk } from '../../../src/render/colour.js';
import type { RenderContext } from '../../../src/render/format.js';
import { labelsFor } from '../../../src/render/labels.js';
import { renderSummary } from '../../../src/render/summary.js';
import { renderTable } from '../../../src/render/table.js';

function observed(units: Units): Decoded {
  return {
    observation: {
      coord: { lon: -122.08, lat: 37.39 },
      weather: [{ id: 500, main: 'Rain', description: 'light rain', icon: '10d' }],
      main: { temp: 50, pressure: 1013, humidity: 80 },
      visibility: 9656,
      wind: { speed: 5 },
      rain: { '1h': 2.54 },
      snow: { '3h': 12.7 },
      dt: 1767268800,
      sys: {},
      timezone: -28800,
      name: 'Mountain View',
    },
    units,
    simulated: false,
  };
}

function context(pressureUnit: PressureUnit): RenderContext {
  return {
    chalk: makeChalk(0),
    tty: false,
    columns: 80,
    now: 0,
    labels: labelsFor('en'),
    charset: 'unicode',
    pressureUnit,
  };
}

function table(units: Units, pressureUnit: PressureUnit): string[] {
  return renderTable(observed(units), context(pressureUnit)).split('\n').slice(7, -1);
}

describe('imperial means imperial', () => {
  it('visibility in miles and precipitation in inches, pressure in hPa', () => {
    expect(table('imperial', 'hPa')).toEqual([
      'Pressure     1013 hPa',
      'Visibility   6 mi',
      'Rain         0.1 in in the last hour',
      'Snow         0.5 in in the last 3 hours',
    ]);
  });

  it('metric and standard keep km and mm', () => {
    for (const units of ['metric', 'standard'] as const) {
      expect(table(units, 'hPa')).toEqual([
        'Pressure     1013 hPa',
        'Visibility   9.7 km',
        'Rain         2.54 mm in the last hour',
        'Snow         12.7 mm in the last 3 hours',
      ]);
    }
  });

  it('pressure in inHg when asked, whatever the units', () => {
    expect(table('imperial', 'inHg')[0]).toBe('Pressure     29.91 inHg');
    expect(table('metric', 'inHg')[0]).toBe('Pressure     29.91 inHg');
    const summary = renderSummary(observed('imperial'), context('inHg'));
    expect(summary.split('\n')[3]).toBe('Humidity 80%, pressure 29.91 inHg');
  });
});
