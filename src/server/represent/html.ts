import { languageTag } from '../../core/lang.js';
import { HTML_WIDGET_MARK } from '../../core/protocol.js';
import { SPEED_UNIT, TEMP_SYMBOL } from '../../core/units.js';
import type { Presented } from './present.js';
import { iconSvg } from './widget-icons.js';
import { isRightToLeft, widgetLabels } from './widget-labels.js';

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

/**
 * The widget needs nothing but its inline style attributes: no script, no image, no font, no
 * frame, no form, from anywhere.
 */
export const HTML_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

const BOX =
  'box-sizing: border-box; min-width: 180px; max-width: 400px; padding: 8px 12px; font-family: system-ui, sans-serif; color: #1a1a1a; background: #ffffff; border: 1px solid #767676; border-radius: 6px;';
const ROW = 'display: flex; justify-content: space-between; gap: 8px; margin: 0;';

/** A value with its unit, isolated so a right-to-left line cannot reorder its digits. */
function value(text: string | number, unit: string): string {
  return `<bdi>${escapeHtml(text)}${unit === '' ? '' : `\u00a0${escapeHtml(unit)}`}</bdi>`;
}

/**
 * The HTML representation: a self-contained widget snippet (place, icon, temperature with unit,
 * description, wind, pressure, humidity, clouds) in the requested language and units, laid out
 * right to left for ar, he and fa, and readable from 200 to 400 px wide. No script, no image or
 * font from anywhere (the icon is inline SVG), every value escaped. The temperature keeps the
 * live widget's title, which clients check for (HTML_WIDGET_MARK).
 */
export function renderHtml(p: Presented): Buffer {
  const w = p.world;
  const lang = languageTag(p.params.lang);
  const dir = isRightToLeft(p.params.lang) ? 'rtl' : 'ltr';
  const words = widgetLabels(p.params.lang);
  const title = w.place.name === '' ? `${p.lat}, ${p.lon}` : w.place.name;
  const c = p.condition;
  const rows: readonly (readonly [string, string])[] = [
    [words.wind, value(p.windSpeed, SPEED_UNIT[p.units])],
    [words.pressure, value(w.pressure, 'hPa')],
    [words.humidity, value(w.humidity, '%')],
    [words.clouds, value(w.clouds, '%')],
  ];
  const html = `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}" dir="${dir}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="description" content="Current weather conditions (simulated)" />
  <title>${escapeHtml(title)}</title>
</head>
<body style="margin: 0;">
<div style="${BOX}">
  <div style="font-size: medium; font-weight: bold; overflow-wrap: anywhere;">${escapeHtml(title)}</div>
  <div style="display: flex; align-items: center; gap: 8px;">
    ${iconSvg(c.icon)}
    <div>
      <div style="font-size: x-large; font-weight: bold;" ${HTML_WIDGET_MARK}>${value(`${p.temp}${TEMP_SYMBOL[p.units]}`, '')}</div>
      <div style="font-size: small;">${escapeHtml(c.description)}</div>
    </div>
  </div>
  <dl style="margin: 8px 0 0; font-size: small;">
${rows.map(([label, text]) => `    <div style="${ROW}"><dt>${escapeHtml(label)}</dt><dd style="margin: 0;">${text}</dd></div>`).join('\n')}
  </dl>
  <div style="margin-top: 4px; font-size: x-small; color: #595959;">${escapeHtml(words.simulated)}</div>
</div>
</body>
</html>
`;
  return Buffer.from(html, 'utf8');
}
