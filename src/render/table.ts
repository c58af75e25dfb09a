import type { Decoded } from '../core/observation.js';
import { painted, plain, text, type Cell } from './cell.js';
import { BORDERS, degrees } from './charset.js';
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
import { displayWidth, wrap } from './width.js';

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
      text(temperature(m.temp, d.units), temperatureColour(chalk, m.temp, d.units)),
      text(
        m.feels_like === undefined
          ? ''
          : `, ${say(labels, 'feelsLike', { temperature: temperature(m.feels_like, d.units) })}`,
      ),
    ),
  ];
  if (m.temp_min !== undefined && m.temp_max !== undefined) {
    rows.push(
      row(
        labels.minMax,
        text(`${temperature(m.temp_min, d.units)} / ${temperature(m.temp_max, d.units)}`),
      ),
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

function bordered(
  rows: readonly Row[],
  ctx: RenderContext,
  labelWidth: number,
  valueWidth: number,
): string[] {
  const b = BORDERS[ctx.charset];
  const rule = (left: string, mid: string, right: string): string =>
    `${left}${b.horizontal.repeat(labelWidth + 2)}${mid}${b.horizontal.repeat(valueWidth + 2)}${right}`;
  const lines = [rule(b.topLeft, b.topMid, b.topRight)];
  for (const { label, value } of rows) {
    wrap(plain(value), valueWidth).forEach((range, i) => {
      const name = i === 0 ? paintedLabel(label, labelWidth, ctx) : ' '.repeat(labelWidth);
      const shown = painted(value, range);
      const fill = ' '.repeat(
        valueWidth - displayWidth(plain(value).slice(range.start, range.end)),
      );
      lines.push(`${b.vertical} ${name} ${b.vertical} ${shown}${fill} ${b.vertical}`);
    });
  }
  lines.push(rule(b.bottomLeft, b.bottomMid, b.bottomRight));
  return lines;
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
  if (!ctx.tty) {
    const lines = rows.map((r) =>
      `${paintedLabel(r.label, labelWidth, ctx)}  ${painted(r.value)}`.trimEnd(),
    );
    return `${lines.join('\n')}\n`;
  }
  const widest = Math.max(...rows.map((r) => displayWidth(plain(r.value))));
  const valueWidth = Math.min(widest, ctx.columns - labelWidth - FRAME);
  const lines =
    valueWidth >= Math.min(widest, MIN_VALUE_WIDTH)
      ? bordered(rows, ctx, labelWidth, valueWidth)
      : list(rows, ctx, labelWidth);
  return `${lines.join('\n')}\n`;
}
