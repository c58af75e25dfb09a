// npm run bench: start-up and server numbers, each beside a baseline measured in the same run
// (`node -e 0`, a bare node:http server), so a noisy machine moves both. Budgets are ratios or
// margins over the baseline; the script exits 1 when one is exceeded.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundled } from './bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/weather.js');
const home = mkdtempSync(join(tmpdir(), 'weather-bench-'));
const baseEnv = {
  PATH: process.env.PATH,
  HOME: home,
  WEATHER_CONFIG_DIR: join(home, 'config'),
  LANG: 'C.UTF-8',
};
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/**
 * Median wall time of running node with `args`, in ms.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
function timeCommand(args, env) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

function startWeatherServer() {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--rate-limit', '0'], {
    env: baseEnv,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('\n')) {
        const key = /created: ([0-9a-f]{32})/.exec(err)?.[1];
        resolve({ url: out.split('\n')[0], key, child });
      }
    });
    child.on('exit', (code) => reject(new Error(`weather serve exited ${code}: ${err}`)));
  });
}

/**
 * Keep-alive load from this process: `connections` loops for `seconds`; requests/s and p99.
 * @param {string} url
 */
async function load(url, connections = 50, seconds = 3) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  /** @type {number[]} */
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  const once = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      request(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          resolve(res.statusCode);
        });
      })
        .on('error', reject)
        .end();
    });
  const loop = async () => {
    while (performance.now() < deadline)
      if ((await once()) !== 200) throw new Error(`non-200 from ${url}`);
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
  };
}

/** @param {number | undefined} pid */
function rssOf(pid) {
  const r = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)]);
  return Number(r.stdout.toString().trim()) / 1024;
}

/** @type {{ name: string, value: number, unit: string, budget: string }[]} */
const results = [];
/** @type {string[]} */
const budgets = [];
/**
 * @param {string} name
 * @param {number} value
 * @param {string} unit
 * @param {{ ok: boolean, text: string }} [budget]
 */
function report(name, value, unit, budget) {
  results.push({ name, value: Number(value.toFixed(1)), unit, budget: budget?.text ?? '' });
  if (budget && !budget.ok)
    budgets.push(`${name}: ${value.toFixed(1)} ${unit} over budget ${budget.text}`);
}

/** @type {[string, NodeJS.ProcessEnv][]} */
const environments = [
  ['', baseEnv],
  [
    ' with NODE_EXTRA_CA_CERTS',
    { ...baseEnv, NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? '' },
  ],
];

try {
  for (const [label, env] of environments) {
    if (label && !process.env.NODE_EXTRA_CA_CERTS) continue;
    const node = timeCommand(['-e', '0'], env);
    const version = timeCommand([bin, '--version'], env);
    const offline = timeCommand(
      [bin, '--lat', '51.5', '--lon', '-0.1', '--offline', '--now', '0'],
      env,
    );
    report(`node -e 0${label}`, node, 'ms');
    report(`weather --version${label}`, version, 'ms', {
      ok: version < node + 120,
      text: `< node + 120 ms`,
    });
    report(`weather --offline call${label}`, offline, 'ms', {
      ok: offline < node + 200,
      text: `< node + 200 ms`,
    });
  }

  const served = await startWeatherServer();
  const liveArgs = [
    bin,
    '--lat',
    '51.5',
    '--lon',
    '-0.1',
    '--base-url',
    served.url,
    '--appid',
    served.key,
  ];
  const node = timeCommand(['-e', '0'], baseEnv);
  const live = timeCommand(liveArgs, baseEnv);
  report('weather live call to weather serve', live, 'ms', {
    ok: live < node + 300,
    text: '< node + 300 ms',
  });

  const bare = createServer((_req, res) => res.end('x'.repeat(500)));
  await new Promise((resolve) => bare.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = bare.address();
  if (address === null || typeof address === 'string') throw new Error('bare server has no port');
  const bareLoad = await load(`http://127.0.0.1:${address.port}/`);
  bare.close();
  const weatherLoad = await load(
    `${served.url}/weather?lat=51.5&lon=-0.1&units=metric&appid=${served.key}`,
  );
  report('bare node:http requests/s', bareLoad.rps, 'req/s');
  report('bare node:http p99', bareLoad.p99, 'ms');
  report('weather serve requests/s', weatherLoad.rps, 'req/s', {
    ok: weatherLoad.rps > bareLoad.rps * 0.2,
    text: '> 20% of bare node:http',
  });
  report('weather serve p99', weatherLoad.p99, 'ms', {
    ok: weatherLoad.p99 < bareLoad.p99 * 5 + 20,
    text: '< 5 × bare + 20 ms',
  });
  const rss = rssOf(served.child.pid);
  report('weather serve RSS after load', rss, 'MB', { ok: rss < 200, text: '< 200 MB' });
  served.child.kill('SIGTERM');

  // Places by name: loading the names index, then one lookup once it is warm.
  /** @type {typeof import('../src/places/lookup.js')} */
  const { loadPlaceNames } = await importBundled('src/places/lookup.ts');
  /** @type {typeof import('../src/places/query.js')} */
  const { parsePlaceQuery } = await importBundled('src/places/query.ts');
  const loads = [];
  let names;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    names = loadPlaceNames(readFileSync(join(root, 'data/names.bin')));
    loads.push(performance.now() - started);
  }
  report('place names index load', median(loads), 'ms', {
    ok: median(loads) <= 30,
    text: '<= 30 ms',
  });
  const query = parsePlaceQuery('Springfield, US-IL');
  const LOOKUPS = 10_000;
  const lookupStarted = performance.now();
  for (let i = 0; i < LOOKUPS; i++) names?.resolve(query, false);
  const lookupMs = (performance.now() - lookupStarted) / LOOKUPS;
  report('place lookup, warm', lookupMs, 'ms', { ok: lookupMs <= 1, text: '<= 1 ms' });

  // weather batch offline: 100,000 lines streamed; memory must not grow with the input.
  const BATCH_LINES = 100_000;
  const input = join(home, 'batch.txt');
  writeFileSync(
    input,
    Array.from(
      { length: BATCH_LINES },
      (_, i) => `${(i % 170) - 85 + 0.5},${((i * 7) % 350) - 175}\n`,
    ).join(''),
  );
  const batchStarted = process.hrtime.bigint();
  const batch = spawn(
    process.execPath,
    [bin, 'batch', input, '--offline', '--now', '2026-06-21T12:00:00Z'],
    { env: baseEnv, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let batchLines = 0;
  batch.stdout.on('data', (chunk) => {
    for (const byte of chunk) if (byte === 10) batchLines++;
  });
  let batchRss = 0;
  const sampler = setInterval(() => {
    if (batch.pid !== undefined) batchRss = Math.max(batchRss, rssOf(batch.pid));
  }, 100);
  await new Promise((resolve) => batch.on('close', resolve));
  clearInterval(sampler);
  const batchSeconds = Number(process.hrtime.bigint() - batchStarted) / 1e9;
  if (batchLines !== BATCH_LINES) throw new Error(`batch wrote ${batchLines} lines`);
  report('weather batch --offline lines/s (100,000 lines)', BATCH_LINES / batchSeconds, 'lines/s');
  report('weather batch --offline peak RSS', batchRss, 'MB', {
    ok: batchRss < 200,
    text: '< 200 MB',
  });
} finally {
  rmSync(home, { recursive: true, force: true });
}

console.table(results);
if (budgets.length > 0) {
  console.error(`over budget:\n${budgets.join('\n')}`);
  process.exit(1);
}
