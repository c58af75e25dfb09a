import type { Decoded } from '../core/observation.js';
import { celsiusFrom, TEMP_UNIT_SYMBOL } from '../core/units.js';
import type { Bar, IconSet } from '../core/bar-kinds.js';
import { capitalize, conditions, place, provenance, temperature, wind } from './format.js';
import { shownUnits } from './shown.js';
import { labelsFor } from './labels.js';

/** Bars' tooltips are in English, as their short texts are; the labels of the table are data. */
const LABELS = labelsFor('en', false);

/**
 * What status bars read: one line (or one JSON object) per run, in each bar's own format. Every
 * bar gets the same facts: a short text (icon and temperature), a tooltip of details, a colour
 * and classes by condition group and temperature band.
 */

/** Groups of condition codes (Current Weather API 2.5: 2xx thunderstorm … 80x clouds). */
type Group = 'thunderstorm' | 'drizzle' | 'rain' | 'snow' | 'fog' | 'clear' | 'clouds';

function groupOf(id: number, isDay: boolean): { group: Group; icon: IconKey } {
  if (id >= 200 && id < 300) return { group: 'thunderstorm', icon: 'thunderstorm' };
  if (id >= 300 && id < 400) return { group: 'drizzle', icon: 'drizzle' };
  if (id >= 500 && id < 600) return { group: 'rain', icon: 'rain' };
  if (id >= 600 && id < 700) return { group: 'snow', icon: 'snow' };
  if (id >= 700 && id < 800) return { group: 'fog', icon: 'fog' };
  if (id === 800) return { group: 'clear', icon: isDay ? 'clearDay' : 'clearNight' };
  return { group: 'clouds', icon: 'clouds' };
}

type IconKey =
  | 'clearDay'
  | 'clearNight'
  | 'clouds'
  | 'drizzle'
  | 'rain'
  | 'thunderstorm'
  | 'snow'
  | 'fog'
  | 'failed';

/**
 * Emoji are all of Unicode's default emoji presentation (two cells, no variation selector, which
 * tmux and many bars count wrongly); nerd icons are Nerd Fonts' weather glyphs (one cell).
 */
const ICONS: { readonly [S in IconSet]: { readonly [K in IconKey]: string } } = {
  emoji: {
    clearDay: '\u{1F31E}',
    clearNight: '\u{1F319}',
    clouds: '\u26C5',
    drizzle: '\u{1F4A7}',
    rain: '\u2614',
    thunderstorm: '\u26A1',
    snow: '\u26C4',
    fog: '\u{1F301}',
    failed: '\u26D4',
  },
  nerd: {
    clearDay: '\uE30D',
    clearNight: '\uE32B',
    clouds: '\uE312',
    drizzle: '\uE31B',
    rain: '\uE318',
    thunderstorm: '\uE31D',
    snow: '\uE31A',
    fog: '\uE313',
    failed: '\uE311',
  },
  ascii: {
    clearDay: 'sun',
    clearNight: 'moon',
    clouds: 'cloud',
    drizzle: 'drizzle',
    rain: 'rain',
    thunderstorm: 'storm',
    snow: 'snow',
    fog: 'fog',
    failed: '!',
  },
};

/** Temperature bands (°C, lower bound) with their colour; the first band has no lower bound. */
const BANDS: readonly (readonly [string, number, string])[] = [
  ['frigid', -Infinity, '#a0c8ff'],
  ['freezing', -10, '#7aa7ff'],
  ['cold', 0, '#66cccc'],
  ['mild', 10, '#88cc66'],
  ['warm', 20, '#e6c84c'],
  ['hot', 30, '#ff6a4d'],
];
const FAILED_COLOUR = '#ff5555';
const STALE_COLOUR = '#999999';
/** `percentage`: the temperature from -20 °C (0) to 40 °C (100), for bars that pick icons by it. */
const PERCENT_FROM_C = -20;
const PERCENT_SPAN_C = 60;

export interface BarContext {
  readonly icons: IconSet;
  /** ms since the epoch */
  readonly now: number;
}

interface BarFacts {
  readonly text: string;
  readonly short: string;
  readonly tooltip: string;
  readonly classes: readonly string[];
  readonly colour: string;
  readonly percentage?: number;
}

function facts(d: Decoded, ctx: BarContext): BarFacts {
  const o = d.observation;
  const condition = o.weather[0];
  const isDay = condition?.icon.endsWith('d') ?? true;
  const { group, icon } = groupOf(condition?.id ?? 800, isDay);
  const unit = shownUnits(d).temperature;
  const c = celsiusFrom(unit, o.main.temp);
  const band = [...BANDS].reverse().find(([, from]) => c >= from) ?? BANDS[0];
  const temp = `${Math.round(o.main.temp)}${TEMP_UNIT_SYMBOL[unit]}`;
  const stale = d.origin?.source === 'stale';
  const note = d.simulated ? capitalize(LABELS.simulated) : undefined;
  const text = { labels: LABELS, now: ctx.now };
  const tooltip = [
    place(o),
    `${capitalize(conditions(o))}, ${temperature(o.main.temp, d)}`,
    `Wind ${wind(d, text)}`,
    `Humidity ${o.main.humidity}%`,
    provenance(d, text),
    note,
  ].filter((line): line is string => line !== undefined);
  return {
    text: `${ICONS[ctx.icons][icon]} ${temp}${stale ? ' (stale)' : ''}`,
    short: temp,
    tooltip: tooltip.join('\n'),
    classes: [
      group,
      band?.[0] ?? 'mild',
      ...(stale ? ['stale'] : []),
      ...(d.simulated ? ['simulated'] : []),
    ],
    colour: stale ? STALE_COLOUR : (band?.[2] ?? '#ffffff'),
    percentage: Math.max(
      0,
      Math.min(100, Math.round(((c - PERCENT_FROM_C) / PERCENT_SPAN_C) * 100)),
    ),
  };
}

function failureFacts(reason: string, ctx: BarContext): BarFacts {
  return {
    text: ICONS[ctx.icons].failed,
    short: ICONS[ctx.icons].failed,
    tooltip: reason,
    classes: ['failed'],
    colour: FAILED_COLOUR,
  };
}

/** tmux runs strftime over the status line and reads #[…] and #{…}: both characters doubled. */
function tmuxText(text: string): string {
  return text.replace(/[%#]/g, '$&$&');
}

/** Polybar reads %{…} as a tag: a literal % is written %%. */
function polybarText(text: string): string {
  return text.replace(/%/g, '%%');
}

function format(bar: Bar, f: BarFacts): string {
  switch (bar) {
    case 'waybar':
      return `${JSON.stringify({
        text: f.text,
        tooltip: f.tooltip,
        class: f.classes,
        ...(f.percentage === undefined ? {} : { percentage: f.percentage }),
      })}\n`;
    case 'i3bar':
      return `${JSON.stringify({ full_text: f.text, short_text: f.short, color: f.colour })}\n`;
    case 'polybar':
      return `%{F${f.colour}}${polybarText(f.text)}%{F-}\n`;
    case 'tmux':
      return `#[fg=${f.colour}]${tmuxText(f.text)}#[default]\n`;
  }
}

/** The observation as `bar` reads it. */
export function renderBar(bar: Bar, d: Decoded, ctx: BarContext): string {
  return format(bar, facts(d, ctx));
}

/** What `bar` shows when there is no observation: a marker, and the reason where it has room. */
export function renderBarFailure(bar: Bar, reason: string, ctx: BarContext): string {
  return format(bar, failureFacts(reason, ctx));
}
