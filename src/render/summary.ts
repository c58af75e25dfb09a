import { formatAge } from '../core/localtime.js';
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
  wind,
  type RenderContext,
} from './format.js';

/**
 * A few lines for people. On a terminal the observation time also says how long ago it was;
 * on a pipe the text depends on the response alone.
 */
export function renderSummary(d: Decoded, ctx: RenderContext): string {
  const o = d.observation;
  const { chalk } = ctx;
  const m = o.main;
  const age = ctx.tty ? `, ${formatAge(ctx.now / 1000 - o.dt)} ago` : '';
  const lines = [
    `${chalk.bold(place(o))}, observed ${observedAt(o)}${age}`,
    `${capitalize(conditions(o))}, ${paintTemperature(chalk, m.temp, d.units)}` +
      (m.feels_like === undefined ? '' : `, feels like ${temperature(m.feels_like, d.units)}`),
    `Wind ${wind(d)}`,
    `Humidity ${m.humidity}%, pressure ${m.pressure} hPa`,
    ...precipitation(o).map((p) => `${p.label} ${p.text}`),
  ];
  const s = sun(o);
  if (s?.polar) lines.push(`No sunrise or sunset today (${s.polar})`);
  else if (s) lines.push(`Sunrise ${s.sunrise}, sunset ${s.sunset}`);
  if (d.simulated) lines.push(chalk.yellow(capitalize(SIMULATED_NOTE)));
  const from = provenance(d, ctx.now);
  if (from)
    lines.push(d.origin?.source === 'stale' ? chalk.yellow(`Source: ${from}`) : `Source: ${from}`);
  return `${lines.join('\n')}\n`;
}
