import type { Decoded } from '../core/observation.js';
import { DERIVED_FIELDS, type Spec, type Template } from './template.js';
import { displayWidth, graphemes } from './width.js';

/*
 * Filling a parsed template in, apart from parsing it: only the runs that print a template load
 * the display-width measure.
 */

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

/** The longest start of `text` that fits in `width` columns, never splitting a character. */
function fit(text: string, width: number): string {
  let out = '';
  for (const g of graphemes(text)) {
    if (displayWidth(out + g) > width) break;
    out += g;
  }
  return out;
}

function applySpec(value: string | number, spec: Spec): string {
  let text =
    spec.precision === undefined
      ? String(value)
      : typeof value === 'number'
        ? value.toFixed(spec.precision)
        : fit(value, spec.precision);
  if (text === '-0' || /^-0\.0*$/.test(text)) text = text.slice(1);
  // No width to fill (the common `{name}`): no need to measure.
  if (spec.width === 0) return text;
  const missing = spec.width - displayWidth(text);
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
      // An empty text (a place without a name) is as absent as a missing member.
      if (value === undefined || (value === '' && part.fallback !== undefined))
        return part.fallback === undefined
          ? applySpec('', part.spec)
          : applySpec(part.fallback, part.spec);
      return applySpec(value, part.spec);
    })
    .join('');
}
