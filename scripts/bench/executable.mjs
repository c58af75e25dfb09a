// What the bench times as built: dist/weather.cjs, which bin/weather.js runs (rebuilt by
// `npm run build` when it is out of date), and the single executable dist/weather-<platform>-<arch>
// (built by `npm run package` when it is missing or older than what goes into it).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ASSETS } from '../package.mjs';
import { NODE, ROOT, run } from './processes.mjs';

const EXECUTABLE = join(ROOT, 'dist', `weather-${process.platform}-${process.arch}`);
const CLI = join(ROOT, 'dist', 'weather.cjs');
/** What dist/weather.cjs and its code cache are made of (scripts/build.mjs), node aside. */
const CLI_INPUTS = ['src', 'scripts/build.mjs', 'scripts/bundle.mjs', 'package-lock.json'].map(
  (path) => join(ROOT, path),
);
/**
 * What the executable is made of: what the CLI is (build.mjs also bundles the vendor files it
 * carries), its own build script, the data it carries (package.mjs lists them), node aside.
 */
const INPUTS = [
  ...CLI_INPUTS,
  ...['scripts/package.mjs', ...Object.values(ASSETS)].map((path) => join(ROOT, path)),
];

/** @param {string} path */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  /** @type {number} */
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

/** @param {string} path */
function modified(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -Infinity;
  }
}

/**
 * Whether `file` is built and newer than node and every one of `inputs`: 'not built', 'out of
 * date', or undefined when it is fresh.
 * @param {string} file
 * @param {readonly string[]} inputs
 */
function staleness(file, inputs) {
  const built = modified(file);
  if (built === -Infinity) return 'not built';
  return built > Math.max(modified(NODE), ...inputs.map(newest)) ? undefined : 'out of date';
}

/** The V8 that made dist/weather.cjs's code cache, as scripts/build.mjs records it. */
function cacheV8() {
  try {
    return readFileSync(`${CLI}.cache.v8`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * Why dist/ is not what bin/weather.js should be timed with, or undefined when it is. A code cache
 * that another node made (the suite run on Node 22 rebuilds dist/ with its own) is refused by V8,
 * and bin/weather.js then compiles the CLI from source: the start-up figures would time that.
 */
function staleCli() {
  const stale = staleness(CLI, CLI_INPUTS);
  if (stale !== undefined) return stale;
  const v8 = cacheV8();
  if (v8 !== process.versions.v8)
    return `its code cache is V8 ${v8 ?? 'unknown'}'s, not ${process.versions.v8}'s`;
  return undefined;
}

/** Rebuilds dist/ (npm run build, which empties it, executable included) when it is stale. */
export function freshCli() {
  const stale = staleCli();
  if (stale === undefined) return;
  process.stderr.write(`dist/weather.cjs: ${stale}: npm run build\n`);
  run(NODE, [join(ROOT, 'scripts/build.mjs')]);
}

/**
 * The executable's path, or why it is not measured. `build` false: never build, only use one
 * that is up to date.
 * @param {boolean} build
 * @returns {string | { skipped: string }}
 */
export function executable(build) {
  const state = staleness(EXECUTABLE, INPUTS);
  if (state === undefined) return EXECUTABLE;
  if (!build) return { skipped: `${state}; run npm run package` };
  process.stderr.write(`single executable ${state}: npm run package\n`);
  run(NODE, [join(ROOT, 'scripts/package.mjs')]);
  return EXECUTABLE;
}
