import type { Range } from './width.js';

/** A run of text and how it is painted (bold, a colour) on a terminal that shows colour. */
export interface Span {
  readonly text: string;
  readonly paint?: (text: string) => string;
}

/**
 * A value as styled runs rather than a string with escape codes in it, so it can be measured,
 * wrapped and cut as plain text and painted afterwards.
 */
export type Cell = readonly Span[];

export function plain(cell: Cell): string {
  return cell.map((s) => s.text).join('');
}

export function text(value: string, paint?: (text: string) => string): Span {
  return paint === undefined ? { text: value } : { text: value, paint };
}

/** The part of `cell` in `range` of its plain text, each run painted on its own. */
export function painted(cell: Cell, range: Range = { start: 0, end: Infinity }): string {
  let out = '';
  let at = 0;
  for (const span of cell) {
    const from = Math.max(range.start, at);
    const to = Math.min(range.end, at + span.text.length);
    if (from < to) {
      const part = span.text.slice(from - at, to - at);
      out += span.paint ? span.paint(part) : part;
    }
    at += span.text.length;
  }
  return out;
}
