import stringWidth from 'string-width';
import { graphemes } from '../core/graphemes.js';

/**
 * Widths as terminals show them: East Asian wide characters take two columns, combining marks
 * and escape codes none, an emoji sequence two. Every layout decision goes through here.
 */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/** `text` and spaces up to `width` columns; never cut. */
export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

export { graphemes };

/** A line of wrapped text: `text.slice(start, end)`. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

/**
 * Words, with a number and the unit that follows it kept as one (`9.7 °C`, `3 m/s`, `349 deg`):
 * a line never ends on a number whose unit starts the next one.
 */
function atoms(text: string): Range[] {
  const out: Range[] = [];
  for (const word of text.matchAll(/[^ ]+/gu)) {
    const range = { start: word.index, end: word.index + word[0].length };
    const last = out.at(-1);
    const glued =
      last !== undefined &&
      /\d$/u.test(text.slice(last.start, last.end)) &&
      /^[\p{L}°%]/u.test(word[0]);
    if (glued) out[out.length - 1] = { start: last.start, end: range.end };
    else out.push(range);
  }
  return out;
}

/** A word wider than a line, cut between characters into pieces of at most `width` columns. */
function cut(text: string, atom: Range, width: number): Range[] {
  const pieces: Range[] = [];
  let start = atom.start;
  let used = 0;
  let at = atom.start;
  for (const g of graphemes(text.slice(atom.start, atom.end))) {
    const w = displayWidth(g);
    if (used + w > width && at > start) {
      pieces.push({ start, end: at });
      start = at;
      used = 0;
    }
    if (g === ' ' && at === start) start += 1;
    else used += w;
    at += g.length;
  }
  pieces.push({ start, end: at });
  return pieces;
}

/**
 * Lines of at most `width` columns, broken at spaces; a word wider than a line is cut between
 * characters (CJK text has no spaces to break at). Ranges index into `text`, so styled text
 * can be painted line by line.
 */
export function wrap(text: string, width: number): Range[] {
  const lines: Range[] = [];
  let line: Range | undefined;
  for (const atom of atoms(text)) {
    const w = displayWidth(text.slice(atom.start, atom.end));
    if (line !== undefined && displayWidth(text.slice(line.start, atom.end)) <= width) {
      line = { start: line.start, end: atom.end };
      continue;
    }
    if (line !== undefined) lines.push(line);
    if (w <= width) {
      line = atom;
      continue;
    }
    const pieces = cut(text, atom, width);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1);
  }
  if (line !== undefined) lines.push(line);
  return lines.length > 0 ? lines : [{ start: 0, end: 0 }];
}
