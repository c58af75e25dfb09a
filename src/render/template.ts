import { compass } from '../core/compass.js';
import { keysOf } from '../core/keys-of.js';
import { formatAge } from '../core/localtime.js';
import type { Decoded, ObservationPath } from '../core/observation.js';
import { TEMP_UNIT_SYMBOL, WIND_UNIT_SYMBOL } from '../core/units.js';
import { clock, place, sourceOf } from './format.js';
import { shownUnits } from './shown.js';

/**
 * `--format` templates for status bars and cron: `{path[:spec][|fallback]}` where path is a
 * member of the JSON observation (`main.temp`, `weather.0.description`) or a derived field,
 * spec is `[[fill]align][width][.precision]` (align `<` `>` `^`; precision rounds numbers and
 * cuts text; widths and cuts count terminal columns, so a CJK character counts two), and fallback is printed when the member is absent. `{{` and `}}` are literal braces.
 */

/**
 * A template that cannot be parsed: `what` is the problem (`unknown field {x}`), `detail` what
 * would be right. The CLI says which option the template came from.
 */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
  constructor(
    readonly what: string,
    readonly detail: string,
  ) {
    super(`${what} (${detail})`);
  }
}
/** Every member of the JSON observation, in its order; the compiler checks none is missing. */
const OBSERVATION_FIELD_SET = {
  'coord.lon': true,
  'coord.lat': true,
  'weather.0.id': true,
  'weather.0.main': true,
  'weather.0.description': true,
  'weather.0.icon': true,
  base: true,
  'main.temp': true,
  'main.feels_like': true,
  'main.temp_min': true,
  'main.temp_max': true,
  'main.pressure': true,
  'main.humidity': true,
  'main.sea_level': true,
  'main.grnd_level': true,
  visibility: true,
  'wind.speed': true,
  'wind.deg': true,
  'wind.gust': true,
  'clouds.all': true,
  'rain.1h': true,
  'rain.3h': true,
  'snow.1h': true,
  'snow.3h': true,
  dt: true,
  'sys.type': true,
  'sys.id': true,
  'sys.message': true,
  'sys.country': true,
  'sys.sunrise': true,
  'sys.sunset': true,
  timezone: true,
  id: true,
  name: true,
  cod: true,
} as const satisfies Record<ObservationPath, true>;

export const OBSERVATION_FIELDS: readonly ObservationPath[] = keysOf(OBSERVATION_FIELD_SET);

type Derive = (d: Decoded, now: number) => string | number | undefined;

export const DERIVED_FIELDS: Readonly<Record<string, Derive>> = {
  temp_unit: (d) => TEMP_UNIT_SYMBOL[shownUnits(d).temperature],
  speed_unit: (d) => WIND_UNIT_SYMBOL[shownUnits(d).wind],
  wind_dir: (d) =>
    d.observation.wind.deg === undefined ? undefined : compass(d.observation.wind.deg).code,
  local_time: (d) => clock(d.observation, d.observation.dt),
  sunrise: (d) => sunClock(d, d.observation.sys.sunrise),
  sunset: (d) => sunClock(d, d.observation.sys.sunset),
  age: (d, now) => formatAge(now / 1000 - d.observation.dt),
  place: (d) => place(d.observation),
  description: (d) => d.observation.weather[0]?.description,
  source: (d) => sourceOf(d),
};

function sunClock(d: Decoded, time: number | undefined): string | undefined {
  const { sunrise, sunset } = d.observation.sys;
  return sunrise === 0 && sunset === 0 ? undefined : clock(d.observation, time);
}

export const TEMPLATE_FIELDS: readonly string[] = [
  ...OBSERVATION_FIELDS,
  ...Object.keys(DERIVED_FIELDS),
];

export interface Spec {
  readonly fill: string;
  readonly align: '<' | '>' | '^' | undefined;
  readonly width: number;
  readonly precision: number | undefined;
  /** `{main.temp:05.1}`: pad numbers with zeros after the sign. */
  readonly zeros: boolean;
}

type Part =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'field';
      readonly path: string;
      readonly spec: Spec;
      readonly fallback: string | undefined;
    };

export interface Template {
  readonly parts: readonly Part[];
}

/** A status bar has no use for more, and a template must not be able to exhaust memory. */
export const MAX_WIDTH = 200;
/** Beyond this a number's digits are noise; toFixed itself throws past 100. */
export const MAX_PRECISION = 20;

const FIELD = /^([A-Za-z0-9_.]+)(?::((?:.?[<>^])?\d*(?:\.\d+f?)?))?(?:\|(.*))?$/su;
const SPEC = /^(?:(.)?([<>^]))?(\d*)(?:\.(\d+)f?)?$/su;

function isField(path: string): boolean {
  return (
    TEMPLATE_FIELDS.includes(path) || /^weather\.\d+\.(?:id|main|description|icon)$/.test(path)
  );
}

function parseField(inner: string): Part {
  const match = FIELD.exec(inner);
  if (!match) throw new TemplateError(`invalid field {${inner}}`, 'form: {path[:spec][|fallback]}');
  const [, path = '', specText = '', fallback] = match;
  if (!isField(path)) {
    throw new TemplateError(
      `unknown field {${path}}`,
      `valid fields: ${TEMPLATE_FIELDS.join(', ')}`,
    );
  }
  const [, fill, align, width, precision] = SPEC.exec(specText) ?? [];
  const widthValue = width ? Number(width) : 0;
  if (widthValue > MAX_WIDTH) {
    throw new TemplateError(`{${inner}} is too wide`, `width at most ${MAX_WIDTH}`);
  }
  const precisionValue = precision === undefined ? undefined : Number(precision);
  if (precisionValue !== undefined && precisionValue > MAX_PRECISION) {
    throw new TemplateError(`{${inner}} is too precise`, `precision at most ${MAX_PRECISION}`);
  }
  return {
    kind: 'field',
    path,
    fallback,
    spec: {
      fill: fill ?? ' ',
      align: align as Spec['align'],
      width: widthValue,
      zeros: align === undefined && width !== undefined && width.startsWith('0'),
      precision: precisionValue,
    },
  };
}

export function parseTemplate(text: string): Template {
  const parts: Part[] = [];
  let literal = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if ((c === '{' || c === '}') && text[i + 1] === c) {
      literal += c;
      i++;
    } else if (c === '{') {
      const end = text.indexOf('}', i + 1);
      if (end < 0) throw new TemplateError('unclosed {', 'write {{ for a literal brace');
      if (literal) parts.push({ kind: 'text', text: literal });
      literal = '';
      parts.push(parseField(text.slice(i + 1, end)));
      i = end;
    } else if (c === '}') {
      throw new TemplateError('unmatched }', 'write }} for a literal brace');
    } else {
      literal += c;
    }
  }
  if (literal) parts.push({ kind: 'text', text: literal });
  return { parts };
}
