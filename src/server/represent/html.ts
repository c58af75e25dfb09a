import { HTML_WIDGET_MARK } from '../../core/protocol.js';
import { SPEED_UNIT, TEMP_SYMBOL } from '../../core/units.js';
import type { Presented } from './present.js';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** API codes that are not BCP 47 language tags. */
const HTML_LANG: Readonly<Record<string, string>> = { cz: 'cs', kr: 'ko', la: 'lv' };

/** A symbol per icon family, so the widget needs no image from anywhere. */
const SYMBOLS: Readonly<Record<string, string>> = {
  '01d': '☀',
  '01n': '☾',
  '02': '⛅',
  '03': '☁',
  '04': '☁',
  '09': '☂',
  '10': '☔',
  '11': '⚡',
  '13': '❄',
  '50': '≋',
};

function symbol(icon: string): string {
  return SYMBOLS[icon] ?? SYMBOLS[icon.slice(0, 2)] ?? '';
}

/**
 * The widget needs nothing but its inline style attributes: no script, no image, no font, no
 * frame, no form, from anywhere.
 */
export const HTML_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

const LINE = 'display: block; clear: left; color: gray; font-size: x-small;';

/**
 * The HTML representation: a self-contained widget snippet in the shape of the live service's
 * (title, icon, temperature, clouds, humidity, wind, pressure), with no scripts and no remote
 * assets. Every value is escaped.
 */
export function renderHtml(p: Presented): Buffer {
  const w = p.world;
  const lang = HTML_LANG[p.params.lang] ?? p.params.lang.replace('_', '-');
  const title = w.place.name === '' ? `${p.lat}, ${p.lon}` : w.place.name;
  const c = p.condition;
  const html = `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
  <meta charset="utf-8">
  <meta name="description" content="Current weather conditions (simulated)" />
  <title>${escapeHtml(title)}</title>
</head>
<body>
  <div style="font-size: medium; font-weight: bold; margin-bottom: 0px;">${escapeHtml(title)}</div>
  <div style="float: left; width: 130px;">
    <div style="display: block; clear: left;">
      <div style="float: left; font-size: 32px; line-height: 45px; width: 45px; text-align: center;" title="${escapeHtml(c.description)}" data-icon="${escapeHtml(c.icon)}">${symbol(c.icon)}</div>
      <div style="float: left;">
        <div style="display: block; clear: left; font-size: medium; font-weight: bold; padding: 0pt 3pt;" ${HTML_WIDGET_MARK}>${escapeHtml(p.temp)}${escapeHtml(TEMP_SYMBOL[p.units])}</div>
        <div style="display: block; padding: 0pt 3pt; font-size: x-small;">${escapeHtml(c.description)}</div>
      </div>
    </div>
    <div style="display: block; clear: left; font-size: small;">Clouds: ${escapeHtml(w.clouds)}%</div>
    <div style="${LINE}">Humidity: ${escapeHtml(w.humidity)}%</div>
    <div style="${LINE}">Wind: ${escapeHtml(p.windSpeed)} ${escapeHtml(SPEED_UNIT[p.units])}</div>
    <div style="${LINE}">Pressure: ${escapeHtml(w.pressure)}hPa</div>
  </div>
  <div style="${LINE}">Simulated data</div>
</body>
</html>
`;
  return Buffer.from(html, 'utf8');
}
