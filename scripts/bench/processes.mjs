// What the bench's sections share: the paths, the clean environments the measured commands run
// in, the tools it needs, and the servers it starts (`weather serve`, a bare node:http server).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseVmRss } from './figures.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = join(ROOT, 'bin/weather.js');
export const NODE = process.execPath;
/** The model's clock while the bench runs: every figure is for the same instant. */
export const NOW = '2026-06-21T12:00:00Z';
/** The lookup of every start-up figure: London. */
export const LONDON = ['--lat', '51.5', '--lon', '-0.1'];

/**
 * The environment of every measured process: its own HOME, config and cache folders, no proxy,
 * UTC, and no NODE_EXTRA_CA_CERTS unless `caCerts` names the file (it costs every Node start
 * about 35 ms here, which would hide what the commands cost).
 * @param {string} home
 * @param {string} [caCerts]
 * @returns {NodeJS.ProcessEnv}
 */
export function cleanEnv(home, caCerts) {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    WEATHER_CONFIG_DIR: join(home, 'config'),
    WEATHER_CACHE_DIR: join(home, 'cache'),
    ...(caCerts === undefined ? {} : { NODE_EXTRA_CA_CERTS: caCerts }),
  };
}

/**
 * Whether an executable is on PATH (or at the given path).
 * @param {string} command
 */
export function have(command) {
  return spawnSync('sh', ['-c', `command -v "$1" >/dev/null`, 'sh', command]).status === 0;
}

/**
 * Quoted for hyperfine's command line (split like a POSIX shell's words, without a shell).
 * @param {readonly string[]} argv
 */
export function commandLine(argv) {
  return argv
    .map((arg) => (/^[\w./:=@%+,-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`))
    .join(' ');
}

/**
 * Runs a command to completion; its stdout, or an error that shows its stderr.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.status}\n${String(result.stderr)}`,
    );
  return String(result.stdout);
}

/**
 * The resident set of a running process, MB.
 * @param {number} pid
 */
export function rssOf(pid) {
  return parseVmRss(readFileSync(`/proc/${pid}/status`, 'utf8'));
}

/**
 * A child process that prints one line (its URL or port) on stdout once it listens.
 * @typedef {{ line: string, pid: number, stop: () => Promise<void> }} Started
 */

/**
 * Starts a server process and waits for its first line on stdout (30 s: a loaded CI machine can
 * take seconds). stderr (the access log) goes to
 * /dev/null: the bench measures the server, not the terminal it would write to.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<Started>}
 */
function startServer(command, args, env) {
  const child = spawn(command, args, { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} printed nothing in 30 s`));
    }, 30_000);
    child.on('error', reject);
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
      out += chunk.toString('utf8');
      const newline = out.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      child.stdout.resume();
      const pid = child.pid;
      if (pid === undefined) throw new Error('server without a pid');
      resolve({
        line: out.slice(0, newline),
        pid,
        stop: async () => {
          child.kill('SIGTERM');
          const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timeout);
        },
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${String(code)}`));
    });
  });
}

/**
 * `weather serve` on a free loopback port with no rate limit, the model's clock fixed, and a key
 * created beforehand in its own config folder.
 * @param {string} home
 */
export async function startWeatherServer(home) {
  mkdirSync(home, { recursive: true });
  const env = cleanEnv(home);
  const key = run(NODE, [BIN, 'keys', 'create', '--name', 'bench'], { env }).trim();
  if (!/^[0-9a-f]{32}$/.test(key)) throw new Error(`weather keys create printed ${key}`);
  const args = ['serve', '--port', '0', '--rate-limit', '0', '--now', NOW];
  const server = await startServer(NODE, [BIN, ...args], env);
  return { ...server, url: server.line, key };
}

/**
 * A node:http server answering every request with `headers` and a body of `bodyBytes` bytes: what
 * `weather serve` would cost if computing a response were free.
 * @param {Record<string, string>} headers
 * @param {number} bodyBytes
 */
export async function startBareServer(headers, bodyBytes) {
  const script = join(ROOT, 'scripts/bench/bare-server.mjs');
  const server = await startServer(NODE, [script, JSON.stringify(headers), String(bodyBytes)], {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
  });
  return { ...server, url: server.line };
}

/**
 * One GET: status, headers (without those node:http adds to every response) and body length.
 * @param {string} url
 * @returns {Promise<{ status: number, headers: Record<string, string>, body: Buffer }>}
 */
export function fetchOnce(url) {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
      res.on('end', () => {
        /** @type {Record<string, string>} */
        const headers = {};
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === 'string' && !['date', 'connection', 'keep-alive'].includes(name))
            headers[name] = value;
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}
