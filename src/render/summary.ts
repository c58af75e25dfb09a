import type { Decoded } from '../core/observation.js';
import { degrees } from './charset.js';
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
  wind,
  type RenderContext,
} from './format.js';
import { RLM, say } from './labels.js';
import { shownUnits } from './shown.js';

/**
 * A few lines for people. On a terminal the observation time also says how long ago it was;
 * on a pipe the text depends on the response alone.
 */
export function renderSummary(d: Decoded, ctx: RenderContext): string {
  const o = d.observation;
  const { chalk, labels } = ctx;
  const m = o.main;
  const paint = temperatureColour(chalk, m.temp, shownUnits(d).temperature);
  const lines = [
    say(labels, 'summaryPlace', { place: chalk.bold(place(o)), time: observedAt(o) }) +
      (ctx.tty ? `, ${age(o, ctx)}` : ''),
    `${capitalize(conditions(o))}, ${paint(temperature(m.temp, d))}` +
      (m.feels_like === undefined
        ? ''
        : `, ${say(labels, 'feelsLike', { temperature: temperature(m.feels_like, d) })}`),
    say(labels, 'summaryWind', { wind: wind(d, ctx) }),
    say(labels, 'summaryHumidity', {
      humidity: `${m.humidity}%`,
      pressure: pressure(m.pressure, ctx.pressureUnit),
    }),
    ...precipitation(d, ctx).map((p) => `${p.label} ${p.text}`),
  ];
  const s = sun(o, labels);
  if (s?.kind === 'times') {
    lines.push(say(labels, 'summarySun', { sunrise: s.sunrise, sunset: s.sunset }));
  } else if (s?.kind === 'polar') lines.push(say(labels, 'summaryNoSun', { why: s.why }));
  else if (s) lines.push(labels.summarySunUnknown);
  if (d.simulated) lines.push(chalk.yellow(capitalize(labels.simulated)));
  const from = provenance(d, ctx);
  if (from) {
    const line = say(labels, 'summarySource', { source: from });
    lines.push(d.origin?.source === 'stale' ? chalk.yellow(line) : line);
  }
  const start = labels.rtl ? RLM : '';
  return `${lines.map((line) => start + degrees(line, ctx.charset)).join('\n')}\n`;
}
