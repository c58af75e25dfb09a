import { compass } from '../core/compass.js';
import { UsageError } from '../core/errors.js';
import { formatAge } from '../core/localtime.js';
import type { Decoded } from '../core/observation.js';
import { SPEED_UNIT, TEMP_SYMBOL } from '../core/units.js';
import { clock, place } from './format.js';

/**
 * `--format` templates for status bars and cron: `{path[:spec][|fallback]}` where path is a
 * member of the JSON observation (`main.temp`, `weather.0.description`) or a derived field,
 * spec is `[[fill]align][width][.precision]` (align `<` `>` `^`; precision rounds numbers and
 * cuts text), and fallback is printed when the member is absent. `{{` and `}}` are literal braces.
 */
export const OBSERVATION_FIELDS: readonly string[] = [
  'coord.lon',
  'coord.lat',
  'weather.0.id',
  'weather.0.main',
  'weather.0.description',
  'weather.0.icon',
  'base',
  'main.temp',
  'main.feels_like',
  'main.temp_min',
  'main.temp_max',
  'main.pressure',
  'main.humidity',
  'main.sea_level',
  'main.grnd_level',
  'visibility',
  'wind.speed',
  'wind.deg',
  'wind.gust',
  'clouds.all',
  'rain.1h',
  'rain.3h',
  'snow.1h',
  'snow.3h',
  'dt',
  'sys.type',
  'sys.id',
  'sys.message',
  'sys.country',
  'sys.sunrise',
  'sys.sunset',
  'timezone',
  'id',
  'name',
  'cod',
];

type Derive = (d: Decoded, now: number) => string | number | undefined;

export const DERIVED_FIELDS: Readonly<Record<string, Derive>> = {
  temp_unit: (d) => TEMP_SYMBOL[d.units],
  speed_unit: (d) => SPEED_UNIT[d.units],
  wind_dir: (d) =>
    d.observation.wind.deg === undefined ? undefined : compass(d.observation.wind.deg).code,
  local_time: (d) => clock(d.observation, d.observation.dt),
  sunrise: (d) => sunClock(d, d.observation.sys.sunrise),
  sunset: (d) => sunClock(d, d.observation.sys.sunset),
  age: (d, now) => formatAge(now / 1000 - d.observation.dt),
  place: (d) => place(d.observation),
  description: (d) => d.observation.weather[0]?.description,
};

function sunClock(d: Decoded, time: number | undefined): string | undefined {
  const { sunrise, sunset } = d.observation.sys;
  return sunrise === 0 && sunset === 0 ? undefined : clock(d.observation, time);
}

export const TEMPLATE_FIELDS: readonly string[] = [
  ...OBSERVATION_FIELDS,
  ...Object.keys(DERIVED_FIELDS),
];

interface Spec {
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

const FIELD = /^([A-Za-z0-9_.]+)(?::((?:.?[<>^])?\d*(?:\.\d+f?)?))?(?:\|(.*))?$/su;
const SPEC = /^(?:(.)?([<>^]))?(\d*)(?:\.(\d+)f?)?$/su;

function isField(path: string): boolean {
  return (
    TEMPLATE_FIELDS.includes(path) || /^weather\.\d+\.(?:id|main|description|icon)$/.test(path)
  );
}

function parseField(inner: string): Part {
  const match = FIELD.exec(inner);
  if (!match)
    throw new UsageError(`invalid field {${inner}} in --format (form: {path[:spec][|fallback]})`);
  const [, path = '', specText = '', fallback] = match;
  if (!isField(path)) {
    throw new UsageError(
      `unknown field {${path}} in --format (valid fields: ${TEMPLATE_FIELDS.join(', ')})`,
    );
  }
  const [, fill, align, width, precision] = SPEC.exec(specText) ?? [];
  return {
    kind: 'field',
    path,
    fallback,
    spec: {
      fill: fill ?? ' ',
      align: align as Spec['align'],
      width: width ? Number(width) : 0,
      zeros: align === undefined && width !== undefined && width.startsWith('0'),
      precision: precision === undefined ? undefined : Number(precision),
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
      if (end < 0) throw new UsageError('unclosed { in --format (write {{ for a literal brace)');
      if (literal) parts.push({ kind: 'text', text: literal });
      literal = '';
      parts.push(parseField(text.slice(i + 1, end)));
      i = end;
    } else if (c === '}') {
      throw new UsageError('unmatched } in --format (write }} for a literal brace)');
    } else {
      literal += c;
    }
  }
  if (literal) parts.push({ kind: 'text', text: literal });
  return { parts };
}

function lookup(d: Decoded, path: string, now: number): string | number | undefined {
  const derive = DERIVED_FIELDS[path];
  if (derive) return derive(d, now);
  let value: unknown = d.observation;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Characters as people count them, so a width or a cut never splits an accent or an emoji. */
function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

function applySpec(value: string | number, spec: Spec): string {
  let text =
    spec.precision === undefined
      ? String(value)
      : typeof value === 'number'
        ? value.toFixed(spec.precision)
        : graphemes(value).slice(0, spec.precision).join('');
  if (text === '-0' || /^-0\.0*$/.test(text)) text = text.slice(1);
  const missing = spec.width - graphemes(text).length;
  if (missing <= 0) return text;
  if (spec.zeros && typeof value === 'number') {
    const sign = text.startsWith('-') ? '-' : '';
    return sign + '0'.repeat(missing) + text.slice(sign.length);
  }
  const align = spec.align ?? (typeof value === 'number' ? '>' : '<');
  const left = align === '>' ? missing : align === '^' ? Math.floor(missing / 2) : 0;
  return spec.fill.repeat(left) + text + spec.fill.repeat(missing - left);
}

export function renderTemplate(template: Template, d: Decoded, now: number): string {
  return template.parts
    .map((part) => {
      if (part.kind === 'text') return part.text;
      const value = lookup(d, part.path, now);
      if (value === undefined)
        return part.fallback === undefined
          ? applySpec('', part.spec)
          : applySpec(part.fallback, part.spec);
      return applySpec(value, part.spec);
    })
    .join('');
}
