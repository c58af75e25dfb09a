import { describe, expect, it } from 'vitest';
import { decodeJsonObservation } from '../../../src/client/decode/json.js';
import type { Decoded } from '../../../src/core/observation.js';
import { parseTemplate, TemplateError, TEMPLATE_FIELDS } from '../../../src/render/template.js';
import { renderTemplate } from '../../../src/render/template-render.js';
import { truth } from '../../helpers/fixtures.js';
import { thrown } from '../../helpers/tmp.js';

const manila: Decoded = {
  observation: decodeJsonObservation(
    truth('programmatordev_capture2026_current_manila_latlon_metric_rain1h.json'),
  ),
  units: 'metric',
  simulated: false,
};
const newtonhill: Decoded = {
  observation: decodeJsonObservation(truth('owmdocs_current_newtonhill_units_imperial.json')),
  units: 'imperial',
  simulated: false,
};
const NOW = (1785574377 + 754) * 1000;

function render(template: string, d: Decoded = manila): string {
  return renderTemplate(parseTemplate(template), d, NOW);
}

describe('template fields', () => {
  it.each([
    ['{main.temp}', '29.5'],
    ['{main.temp:.0}{temp_unit}', '30°C'],
    ['{main.temp:.1f} {temp_unit}', '29.5 °C'],
    ['{weather.0.description}', 'moderate rain'],
    ['{description}', 'moderate rain'],
    ['{name}', 'Quiapo District'],
    ['{place}', 'Quiapo District, PH'],
    ['{sys.country}', 'PH'],
    ['{coord.lat},{coord.lon}', '14.5995,120.9842'],
    ['{wind.speed} {speed_unit} {wind_dir}', '1.98 m/s WSW'],
    ['{wind.gust}', '2.31'],
    ['{rain.1h} mm', '2.47 mm'],
    ['{rain.3h|0} mm', '0 mm'],
    ['{snow.1h|-}', '-'],
    ['{snow.1h}', ''],
    ['{visibility}', '9420'],
    ['{main.humidity}%', '81%'],
    ['{local_time}', '16:52'],
    ['{sunrise}-{sunset}', '05:39-18:25'],
    ['{age}', '12m'],
    ['{dt}', '1785574377'],
    ['{timezone}', '28800'],
    ['{cod}', '200'],
    ['{weather.1.description|none}', 'none'],
    ['{{literal}} {name}', '{literal} Quiapo District'],
    ['no fields at all', 'no fields at all'],
  ])('%s → %s', (template, expected) => {
    expect(render(template)).toBe(expected);
  });

  it('renders imperial units', () => {
    expect(
      render(
        '{main.temp:.0}{temp_unit} {wind.speed:.0} {speed_unit} gusts {wind.gust:.0}',
        newtonhill,
      ),
    ).toBe('47°F 16 mph gusts 30');
  });
});

describe('width and alignment', () => {
  it.each([
    ['[{name:>20}]', '[     Quiapo District]'],
    ['[{name:<20}]', '[Quiapo District     ]'],
    ['[{name:^20}]', '[  Quiapo District   ]'],
    ['[{name:*^19}]', '[**Quiapo District**]'],
    ['[{name:.6}]', '[Quiapo]'],
    ['[{main.temp:6}]', '[  29.5]'],
    ['[{main.temp:<6}]', '[29.5  ]'],
    ['[{main.temp:06.1}]', '[0029.5]'],
    ['[{snow.1h:>4|0}]', '[   0]'],
    ['[{name:3}]', '[Quiapo District]'],
  ])('%s → %s', (template, expected) => {
    expect(render(template)).toBe(expected);
  });

  it.each([
    ['[{name:>24}]', '[    東京都千代田区丸の内]'],
    ['[{name:.7}]', '[東京都]'],
    ['[{name:.8|x}]', '[東京都千]'],
    ['[{name:*<12.6}]', '[東京都******]'],
  ])('counts terminal columns, two for a CJK character: %s → %s', (template, expected) => {
    const tokyo: Decoded = {
      ...manila,
      observation: { ...manila.observation, name: '東京都千代田区丸の内' },
    };
    expect(render(template, tokyo)).toBe(expected);
  });

  it('never prints -0 after rounding', () => {
    const cold: Decoded = {
      ...manila,
      observation: { ...manila.observation, main: { ...manila.observation.main, temp: -0.3 } },
    };
    expect(render('{main.temp:.0}', cold)).toBe('0');
    expect(render('{main.temp:05.1}', cold)).toBe('-00.3');
  });
});

describe('template errors say what is wrong and what would be right', () => {
  it.each([
    ['{main.tmp}', 'unknown field {main.tmp}', `valid fields: ${TEMPLATE_FIELDS.join(', ')}`],
    ['{foo}', 'unknown field {foo}', `valid fields: ${TEMPLATE_FIELDS.join(', ')}`],
    ['{name', 'unclosed {', 'write {{ for a literal brace'],
    ['name}', 'unmatched }', 'write }} for a literal brace'],
    ['{}', 'invalid field {}', 'form: {path[:spec][|fallback]}'],
    ['{name:abc}', 'invalid field {name:abc}', 'form: {path[:spec][|fallback]}'],
    ['{name:201}', '{name:201} is too wide', 'width at most 200'],
    [
      '{name:>99999999999999999999}',
      '{name:>99999999999999999999} is too wide',
      'width at most 200',
    ],
    ['{main.temp:.21}', '{main.temp:.21} is too precise', 'precision at most 20'],
    ['{main.temp:5.101f}', '{main.temp:5.101f} is too precise', 'precision at most 20'],
  ])('%s', (template, what, detail) => {
    expect(thrown(() => parseTemplate(template))).toEqual(new TemplateError(what, detail));
  });

  it('accepts the largest width and precision', () => {
    expect(render('{main.temp:200.20}').length).toBe(200);
  });

  it('accepts any weather index', () => {
    expect(() => parseTemplate('{weather.3.icon}')).not.toThrow();
  });
});
