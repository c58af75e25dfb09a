// `weather` beside ansiweather (a shell script around curl, jq and bc; Debian's package) on the
// same lookup against the same local `weather serve`, in paired runs (paired-runs.mjs).
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pairedRow } from './figures.mjs';
import { pairedRuns } from './paired-runs.mjs';
import { BIN, cleanEnv, have, LONDON, NODE, run } from './processes.mjs';

/** @typedef {import('./figures.mjs').Row} Row */

const FIGURE = 'ansiweather on the same lookup (baseline: `weather -o summary`)';

/**
 * ansiweather asks https://api.openweathermap.org/data/2.5/weather?q=<location>&units=…&appid=…
 * through its `fetch_cmd`. That command is this script: it sends the query to the local server,
 * with London's coordinates in place of the place name (the embedded implementation takes
 * coordinates only), at the cost of one `sh` more than ansiweather's own curl.
 * @param {string} folder
 * @param {string} url the server's base URL
 * @param {string} key
 */
function configure(folder, url, key) {
  const fetch = join(folder, 'fetch');
  writeFileSync(fetch, `#!/bin/sh\nexec curl -sf "${url}/weather?lat=51.5&lon=-0.1&\${1#*&}"\n`);
  chmodSync(fetch, 0o755);
  const config = join(folder, 'ansiweatherrc');
  writeFileSync(
    config,
    // No UV index: it is another endpoint, and the lookup compared is one current-weather call.
    [
      `fetch_cmd:${fetch}`,
      `api_key:${key}`,
      'location:London,GB',
      'units:metric',
      'show_uvi:false',
      '',
    ].join('\n'),
  );
  return config;
}

/**
 * @param {{ quick: boolean, home: string, tmp: string, server: { url: string, key: string } }} options
 * @returns {Row[]}
 */
export function benchAnsiweather({ quick, home, tmp, server }) {
  const missing = ['ansiweather', 'curl', 'jq', 'bc'].filter((tool) => !have(tool));
  if (missing.length > 0)
    return [{ figure: FIGURE, unit: '', skipped: `no ${missing.join(', ')}` }];
  const env = { ...cleanEnv(home), ANSIWEATHERRC: configure(tmp, server.url, server.key) };
  const weather = [
    NODE,
    BIN,
    ...LONDON,
    '-o',
    'summary',
    '--base-url',
    server.url,
    '--appid',
    server.key,
  ];
  const said = run('ansiweather', [], { env });
  if (!said.includes('Lambeth')) throw new Error(`ansiweather printed ${said}`);

  const rounds = quick ? 3 : 10;
  process.stderr.write(`ansiweather: ${rounds} rounds\n`);
  const [sample] = pairedRuns([{ argv: ['ansiweather'] }], weather, env, rounds, tmp);
  if (!sample) throw new Error('no ansiweather runs');
  // The budget is on how many times faster weather is: ansiweather's time over weather's.
  return [
    pairedRow(
      { figure: FIGURE, unit: 'ms', budget: { on: 'ratio', op: '≥', limit: 3 } },
      sample.measured,
      sample.baseline,
    ),
  ];
}
