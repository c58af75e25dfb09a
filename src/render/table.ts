import Table from 'cli-table3';
import { stripVTControlCharacters } from 'node:util';
import type { Decoded } from '../core/observation.js';
import {
  capitalize,
  conditions,
  observedAt,
  paintTemperature,
  place,
  precipitation,
  provenance,
  SIMULATED_NOTE,
  sun,
  temperature,
  visibility,
  wind,
  type RenderContext,
} from './format.js';

/** Label/value rows shared by both table forms; absent members simply have no row. */
export function tableRows(d: Decoded, ctx: RenderContext): [string, string][] {
  const o = d.observation;
  const { chalk } = ctx;
  const m = o.main;
  const rows: [string, string][] = [
    ['Place', chalk.bold(place(o))],
    ['Coordinates', `${o.coord.lat}, ${o.coord.lon}`],
    ['Observed', observedAt(o)],
    ['Conditions', capitalize(conditions(o))],
    [
      'Temperature',
      paintTemperature(chalk, m.temp, d.units) +
        (m.feels_like === undefined ? '' : `, feels like ${temperature(m.feels_like, d.units)}`),
    ],
  ];
  if (m.temp_min !== undefined && m.temp_max !== undefined) {
    rows.push([
      'Min / max',
      `${temperature(m.temp_min, d.units)} / ${temperature(m.temp_max, d.units)}`,
    ]);
  }
  rows.push(['Wind', wind(d)], ['Humidity', `${m.humidity}%`], ['Pressure', `${m.pressure} hPa`]);
  if (o.clouds) rows.push(['Clouds', `${o.clouds.all}%`]);
  if (o.visibility !== undefined) rows.push(['Visibility', visibility(o.visibility)]);
  for (const p of precipitation(o)) rows.push([p.label, p.text]);
  const s = sun(o);
  if (s) rows.push(['Sunrise', s.sunrise], ['Sunset', s.sunset]);
  if (d.simulated) rows.push(['Data', chalk.yellow(SIMULATED_NOTE)]);
  const from = provenance(d, ctx.now);
  if (from) rows.push(['Source', d.origin?.source === 'stale' ? chalk.yellow(from) : from]);
  return rows;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/y;

/**
 * Splits words longer than `width` visible characters with spaces, so the table's word wrapping
 * breaks them instead of cutting them off with an ellipsis. Colour codes are kept and not counted.
 */
export function breakLongWords(text: string, width: number): string {
  return text
    .split(' ')
    .map((word) => {
      if (stripVTControlCharacters(word).length <= width) return word;
      let out = '';
      let count = 0;
      for (let i = 0; i < word.length;) {
        ANSI.lastIndex = i;
        const code = ANSI.exec(word);
        if (code) {
          out += code[0];
          i += code[0].length;
          continue;
        }
        const char = String.fromCodePoint(word.codePointAt(i) ?? 0);
        if (count === width) {
          out += ' ';
          count = 0;
        }
        out += char;
        count++;
        i += char.length;
      }
      return out;
    })
    .join(' ');
}

/** No rules between rows: the table is a list of facts, not a grid. */
const COMPACT_CHARS = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

const PLAIN_CHARS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

/**
 * On a terminal: a bordered table with colour. Elsewhere: the same rows as plain aligned columns,
 * with no borders and no escape codes, so the text stays easy to grep.
 */
export function renderTable(d: Decoded, ctx: RenderContext): string {
  const rows = tableRows(d, ctx);
  const pad = ctx.tty ? 2 : 0;
  const labelWidth = Math.max(...rows.map(([label]) => label.length)) + pad;
  const widest = Math.max(...rows.map(([, value]) => stripVTControlCharacters(value).length)) + pad;
  const valueWidth = Math.min(widest, Math.max(20, ctx.columns - labelWidth - 3));
  const table = new Table({
    chars: ctx.tty ? COMPACT_CHARS : PLAIN_CHARS,
    style: {
      head: [],
      border: [],
      'padding-left': ctx.tty ? 1 : 0,
      'padding-right': ctx.tty ? 1 : 0,
    },
    colWidths: [labelWidth, valueWidth],
    wordWrap: true,
  });
  const contentWidth = valueWidth - pad;
  for (const [label, value] of rows) {
    table.push([ctx.chalk.cyan(label), breakLongWords(value, contentWidth)]);
  }
  const text = table.toString();
  return `${
    ctx.tty
      ? text
      : text
          .split('\n')
          .map((line) => line.trimEnd())
          .join('\n')
  }\n`;
}
