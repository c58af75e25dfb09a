import Table from 'cli-table3';
import type { Decoded } from '../core/observation.js';
import { painted, plain, text, type Cell } from './cell.js';
import { degrees, type Charset } from './charset.js';
import {
  age,
  capitalize,
  conditions,
  observedAt,
  place,
  precipitation,
  pressure,
  provenance,
  sun,
  temperature,
  temperatureColour,
  visibility,
  wind,
  type RenderContext,
} from './format.js';
import { say } from './labels.js';
import { shownUnits } from './shown.js';
import { displayWidth, wrap, type Range } from './width.js';

export interface Row {
  readonly label: string;
  readonly value: Cell;
}

/** Label/value rows shared by every table form; absent members simply have no row. */
export function tableRows(d: Decoded, ctx: RenderContext): Row[] {
  return rowsOf(d, ctx).map(({ label, value }) => ({
    label,
    value: value.map((span) => ({ ...span, text: degrees(span.text, ctx.charset) })),
  }));
}

function rowsOf(d: Decoded, ctx: RenderContext): Row[] {
  const o = d.observation;
  const { chalk, labels } = ctx;
  const m = o.main;
  const row = (label: string, ...value: Cell): Row => ({ label, value });
  const rows: Row[] = [
    row(labels.place, text(place(o), chalk.bold)),
    row(labels.coordinates, text(`${o.coord.lat}, ${o.coord.lon}`)),
    row(labels.observed, text(ctx.tty ? `${observedAt(o)}, ${age(o, ctx)}` : observedAt(o))),
    row(labels.conditions, text(capitalize(conditions(o)))),
    row(
      labels.temperature,
      text(temperature(m.temp, d), temperatureColour(chalk, m.temp, shownUnits(d).temperature)),
      text(
        m.feels_like === undefined
          ? ''
          : `, ${say(labels, 'feelsLike', { temperature: temperature(m.feels_like, d) })}`,
      ),
    ),
  ];
  if (m.temp_min !== undefined && m.temp_max !== undefined) {
    rows.push(
      row(labels.minMax, text(`${temperature(m.temp_min, d)} / ${temperature(m.temp_max, d)}`)),
    );
  }
  rows.push(
    row(labels.wind, text(wind(d, ctx))),
    row(labels.humidity, text(`${m.humidity}%`)),
    row(labels.pressure, text(pressure(m.pressure, ctx.pressureUnit))),
  );
  if (o.clouds) rows.push(row(labels.clouds, text(`${o.clouds.all}%`)));
  if (o.visibility !== undefined)
    rows.push(row(labels.visibility, text(visibility(o.visibility, d.units))));
  for (const p of precipitation(d, ctx)) rows.push(row(p.label, text(p.text)));
  const s = sun(o, labels);
  if (s) {
    const [sunrise, sunset] =
      s.kind === 'times'
        ? [s.sunrise, s.sunset]
        : s.kind === 'polar'
          ? [say(labels, 'none', { why: s.why }), say(labels, 'none', { why: s.why })]
          : [labels.unknown, labels.unknown];
    rows.push(row(labels.sunrise, text(sunrise)), row(labels.sunset, text(sunset)));
  }
  if (d.simulated) rows.push(row(labels.data, text(labels.simulated, chalk.yellow)));
  const from = provenance(d, ctx);
  if (from) {
    rows.push(
      row(labels.source, text(from, d.origin?.source === 'stale' ? chalk.yellow : undefined)),
    );
  }
  return rows;
}

/** `│ label │ value │` needs this many columns besides the label and the value. */
const FRAME = 7;
/** Narrower than this, a value column wraps every row: the borderless list reads better. */
const MIN_VALUE_WIDTH = 16;
/** Narrower than this beside the labels, values go on lines of their own. */
const MIN_LIST_VALUE_WIDTH = 12;

type Chars = Partial<Record<Table.CharName, string>>;

/** Box drawing where the terminal shows it, `+-|` where it shows ASCII only. */
const BORDERS: Readonly<Record<Charset, Chars>> = {
  unicode: {
    top: '─',
    'top-mid': '┬',
    'top-left': '┌',
    'top-right': '┐',
    bottom: '─',
    'bottom-mid': '┴',
    'bottom-left': '└',
    'bottom-right': '┘',
    left: '│',
    middle: '│',
    right: '│',
  },
  ascii: {
    top: '-',
    'top-mid': '+',
    'top-left': '+',
    'top-right': '+',
    bottom: '-',
    'bottom-mid': '+',
    'bottom-left': '+',
    'bottom-right': '+',
    left: '|',
    middle: '|',
    right: '|',
  },
};

/** No borders at all: two columns two spaces apart. */
const PLAIN: Chars = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  middle: '  ',
  right: '',
};

/** A line of a cell as the terminal shows it, and how many columns that takes. */
interface Line {
  readonly plain: string;
  readonly shown: string;
  readonly width: number;
}

function line(cell: Cell, range?: Range): Line {
  const plainText = range === undefined ? plain(cell) : plain(cell).slice(range.start, range.end);
  return { plain: plainText, shown: painted(cell, range), width: displayWidth(plainText) };
}

/**
 * cli-table3 measures with string-width 4, which counts some zero-width marks (Devanagari vowel
 * signs, Arabic harakat, bidi controls) as a column each: it would pad such a line short or cut
 * it. Each line it measures differently from `displayWidth` is handed to it as a stand-in of the
 * right width and put back once the table is drawn.
 */
function drawTable(
  rows: readonly (readonly [readonly Line[], readonly Line[]])[],
  options: {
    readonly chars: Chars;
    readonly padding: number;
    readonly colWidths: readonly [number, number];
  },
): string {
  const lines = rows.flatMap(([label, value]) => [...label, ...value]);
  const measured = new Table({ chars: PLAIN, style: { 'padding-left': 0, 'padding-right': 0 } });
  measured.push(lines.map((l) => l.plain));
  measured.toString();
  const misjudged = new Set(
    lines.filter((l, i) => l.width > 0 && measured.options.colWidths[i] !== l.width),
  );
  const stand = standIn(lines);
  // A line of no width has nothing to show, and a stand-in of no width could not be found again.
  const given = (l: Line): string =>
    l.width === 0 ? '' : misjudged.has(l) ? stand.repeat(l.width) : l.shown;
  const table = new Table({
    chars: options.chars,
    colWidths: [...options.colWidths],
    style: {
      head: [],
      border: [],
      compact: true,
      'padding-left': options.padding,
      'padding-right': options.padding,
    },
  });
  const pending: string[] = [];
  for (const [label, value] of rows) {
    table.push([label.map(given).join('\n'), value.map(given).join('\n')]);
    // In the order the stand-ins come out: line by line, the label's before the value's.
    for (let i = 0; i < Math.max(label.length, value.length); i++) {
      for (const l of [label[i], value[i]]) if (l && misjudged.has(l)) pending.push(l.shown);
    }
  }
  return table.toString().replace(new RegExp(`${stand}+`, 'gu'), () => pending.shift() ?? '');
}

/** A private-use character that none of the lines contains (one column in every measure). */
function standIn(lines: readonly Line[]): string {
  let code = 0xe000;
  while (lines.some((l) => l.shown.includes(String.fromCodePoint(code)))) code++;
  return String.fromCodePoint(code);
}

function bordered(
  rows: readonly Row[],
  ctx: RenderContext,
  labelWidth: number,
  valueWidth: number,
): string {
  return drawTable(
    rows.map(({ label, value }) => [
      [line([text(label, ctx.chalk.cyan)])],
      wrap(plain(value), valueWidth).map((range) => line(value, range)),
    ]),
    { chars: BORDERS[ctx.charset], padding: 1, colWidths: [labelWidth + 2, valueWidth + 2] },
  );
}

/**
 * Label and value side by side without borders, the value wrapped beside its label; when even
 * that leaves too little room, each value on lines of its own under its label.
 */
function list(rows: readonly Row[], ctx: RenderContext, labelWidth: number): string[] {
  const beside = ctx.columns - labelWidth - 2;
  const lines: string[] = [];
  for (const { label, value } of rows) {
    const whole = plain(value);
    if (beside >= MIN_LIST_VALUE_WIDTH) {
      wrap(whole, beside).forEach((range, i) => {
        const name = i === 0 ? paintedLabel(label, labelWidth, ctx) : ' '.repeat(labelWidth);
        lines.push(`${name}  ${painted(value, range)}`);
      });
    } else {
      lines.push(ctx.chalk.cyan(label));
      for (const range of wrap(whole, Math.max(1, ctx.columns - 2))) {
        lines.push(`  ${painted(value, range)}`);
      }
    }
  }
  return lines;
}

function paintedLabel(label: string, width: number, ctx: RenderContext): string {
  return ctx.chalk.cyan(label) + ' '.repeat(Math.max(0, width - displayWidth(label)));
}

/**
 * On a terminal: a bordered table with colour, its values wrapped (never cut) to the width of the
 * terminal, or a borderless list when a table cannot fit. Elsewhere: the same rows as plain
 * aligned columns, one line each, with no escape codes, so the text stays easy to grep.
 */
export function renderTable(d: Decoded, ctx: RenderContext): string {
  const rows = tableRows(d, ctx);
  const labelWidth = Math.max(...rows.map((r) => displayWidth(r.label)));
  const widest = Math.max(...rows.map((r) => displayWidth(plain(r.value))));
  if (!ctx.tty) {
    const table = drawTable(
      rows.map(({ label, value }) => [[line([text(label, ctx.chalk.cyan)])], [line(value)]]),
      { chars: PLAIN, padding: 0, colWidths: [labelWidth, widest] },
    );
    return `${table
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n')}\n`;
  }
  const valueWidth = Math.min(widest, ctx.columns - labelWidth - FRAME);
  return valueWidth >= Math.min(widest, MIN_VALUE_WIDTH)
    ? `${bordered(rows, ctx, labelWidth, valueWidth)}\n`
    : `${list(rows, ctx, labelWidth).join('\n')}\n`;
}
